import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * PostgreSQL plans each statement from the statistics ANALYZE gathers. A table bulk-written since it was last analysed
 * (a deck load, a migration that moves rows) has none, or stale ones, until autovacuum reaches it: a minute or more on
 * a busy server, never where autovacuum is off. Planned blind, the answer's walk of the deck joined every word to
 * every card of the learner (0.4-0.5 s an answer, docs/performance.md). So what bulk-writes a table analyses it at
 * once, and housekeeping analyses what has changed since (below). SQLite's planner takes our indexes without
 * statistics, so there both do nothing.
 */
export async function refreshStatistics(db: Db, tables: readonly string[]): Promise<void> {
  if (db.dialect !== 'postgres' || tables.length === 0) return;
  await sql`analyze ${sql.join(tables.map((name) => sql.table(name)))}`.execute(db.kysely);
}

/**
 * Autovacuum's analyse rule, applied by the app to the tables of its own schema: a table holding rows that was never
 * analysed, or whose rows changed by more than 50 plus a tenth of its size since it was. Without it a fresh database
 * keeps planning a growing table as if it were empty (a learner's card looked up by scanning all their cards). Runs
 * with migrations and with every housekeeping pass; the analyses it runs are cheap (a sample of 30,000 rows at most).
 */
export async function refreshStaleStatistics(db: Db): Promise<string[]> {
  if (db.dialect !== 'postgres') return [];
  const { rows } = await sql<{ name: string }>`
    select c.relname as name
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_stat_user_tables s on s.relid = c.oid
    where n.nspname = current_schema() and c.relkind = 'r'
      and ((c.reltuples < 0 and pg_relation_size(c.oid) > 0)
        or coalesce(s.n_mod_since_analyze, 0) > 50 + 0.1 * greatest(c.reltuples, 0))`.execute(db.kysely);
  const tables = rows.map((r) => r.name);
  await refreshStatistics(db, tables);
  return tables;
}
