import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Cards named by what the learner does (docs/decisions/0005-scheduling.md): `forward` was the card a language's
 * own quiz asks, which is `recognise` in Spanish and `recall` elsewhere; `reverse` was the other one. Each row
 * keeps its schedule and its reviews; only the name changes, and the column loses its default (no name is right
 * for every language). Spanish is the one language whose own quiz shows the foreign word (core's primaryDirection).
 */
const RENAMED = {
  progress: sql`case when (language = 'spanish') = (direction = 'forward') then 'recognise' else 'recall' end`,
  reviews: sql`case when ((select w.language from words w where w.id = reviews.word_id) = 'spanish') =
    (direction = 'forward')
    then 'recognise' else 'recall' end`,
} as const;
type Table = keyof typeof RENAMED;
const TABLES = Object.keys(RENAMED) as Table[];
const OLD_CHECK = /direction\s+in\s*\(\s*'forward'\s*,\s*'reverse'\s*\)/i;
const NEW_CHECK = "direction in ('recognise', 'recall')";

export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    if (dialect === 'postgres') {
      // Kysely runs a PostgreSQL migration in a transaction already. Column checks are named <table>_<column>_check.
      for (const table of TABLES) {
        await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_direction_check`)}`.execute(db);
        await sql`alter table ${sql.table(table)} alter column direction drop default`.execute(db);
        await sql`update ${sql.table(table)} set direction = ${RENAMED[table]}`.execute(db);
        await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_direction_check`)} check
          (${sql.raw(NEW_CHECK)})`.execute(db);
      }
      return;
    }
    // SQLite cannot alter a check: each table is rebuilt from its own definition with the new one (SQLite's
    // documented way), its rows copied under their new names, in one transaction so that a crash loses nothing.
    await db.transaction().execute(async (trx) => {
      for (const table of TABLES) await rebuildSqliteTable(trx, table);
    });
  };
}

async function rebuildSqliteTable(db: Kysely<unknown>, table: Table): Promise<void> {
  const objects = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = ${table} and sql is not null`.execute(db);
  const definition = objects.rows.find((o) => o.type === 'table')?.sql;
  if (!definition || !OLD_CHECK.test(definition)) throw new Error(`${table}: unexpected definition`);
  const rebuilt = definition
    .replace(OLD_CHECK, NEW_CHECK)
    .replace(/\s+default\s+'forward'/i, '')
    .replace(/^create table\s+("?)\w+\1/i, `create table "${table}_rebuilt"`);
  await sql.raw(rebuilt).execute(db);
  const columns = (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map(
    (c) => c.name,
  );
  const values = columns.map((c) => (c === 'direction' ? RENAMED[table] : sql.ref(c)));
  await sql`insert into ${sql.table(`${table}_rebuilt`)} (${sql.join(columns.map((c) => sql.ref(c)))})
    select ${sql.join(values)} from ${sql.table(table)}`.execute(db);
  // Nothing references either table, so dropping it (and its indexes) breaks no foreign key.
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(`${table}_rebuilt`)} rename to ${sql.table(table)}`.execute(db);
  for (const index of objects.rows.filter((o) => o.type === 'index')) await sql.raw(index.sql as string).execute(db);
}
