import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type Transaction } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config.js';
import { GroupCommit } from './group-commit.js';
import type { Database } from './schema.js';

export type Dialect = DatabaseTarget['kind'];

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * A transaction for the frequent small writes (answers): on SQLite it may share its commit with others
   * (db/group-commit.ts), so it must use only `trx`, never the database directly.
   */
  writeTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// BIGINT (epoch milliseconds) and COUNT(*) come back from pg as strings; every such value here fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export function openDatabase(target: DatabaseTarget): Db {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', writeTransaction: (work) => kysely.transaction().execute(work), close: () => kysely.destroy() };
  }
  if (target.file !== ':memory:') fs.mkdirSync(path.dirname(target.file), { recursive: true });
  const sqlite = new SQLite(target.file);
  // WAL lets readers run beside the writer; synchronous=FULL makes every acknowledged commit survive
  // a power cut or SIGKILL (see docs/decisions/0003-sqlite-durability.md).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  const group = new GroupCommit(kysely);
  return { kysely, dialect: 'sqlite', writeTransaction: (work) => group.run(work), close: () => kysely.destroy() };
}

/** Distinct SQL texts kept compiled; the app has a few dozen, variable-length IN lists make a few more. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh, and compiling a join costs SQLite more than running it on indexed rows, so
 * compiled statements are reused by their SQL text (see docs/performance.md). Safe because queries here run one at a
 * time to completion (all/run); nothing streams with iterate(), which would hold a statement busy.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
