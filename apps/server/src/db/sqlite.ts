import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type DatabaseConnection,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type MigrationLockOptions,
  type QueryResult,
  SqliteDialect,
  type SqliteDatabase,
} from 'kysely';
import { createPrivateFile } from './private-file.js';
import { WalSync } from './wal-sync.js';
import type { ConnectionWatch } from './write-watch.js';

/** Thrown when the database cannot be used at all (a read-only SQLite file): the server must not start on it. */
export class DatabaseOpenError extends Error {}

/**
 * The server's SQLite connection as Kysely's dialect: one connection, its statements compiled once, and every commit
 * acknowledged only once the WAL holding it is on the disk, flushed off the event loop
 * (docs/decisions/0020-sqlite-commits-synced-off-the-event-loop.md).
 */
export interface SqliteConnection {
  dialect: Dialect;
  sqlite: SQLite.Database;
  /** Runs a statement on the connection at once, outside Kysely: only for work that holds the connection. */
  execute(sql: string, parameters: readonly unknown[]): QueryResult<unknown>;
  /** Runs a read at once if the connection is in no transaction (`StatementCache.readIfIdle`), else undefined. */
  readIfIdle(sql: string, parameters: readonly unknown[]): QueryResult<unknown> | undefined;
  close(): Promise<void>;
}

export function openSqliteConnection(
  file: string,
  sync: WalSync | null = file === ':memory:' ? null : new WalSync(`${file}-wal`),
  /** Told of every statement that writes (db/write-watch.ts). */
  watch: ConnectionWatch | null = null,
): SqliteConnection {
  const sqlite = openSqlite(file);
  const statements = new StatementCache(sqlite, watch);
  const inner = new SqliteDialect({ database: statements });
  const dialect: Dialect = {
    createAdapter: () => new QueuedInDriverAdapter(inner.createAdapter()),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createDriver: () => new DurableSerialDriver(inner.createDriver(), statements, sync),
  };
  return {
    dialect,
    sqlite,
    execute: (sql, parameters) => statements.execute(sql, parameters),
    readIfIdle: (sql, parameters) => statements.readIfIdle(sql, parameters),
    close: async () => sync?.close(),
  };
}

function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') {
    try {
      // Learners' data is for the server's user alone: a folder it creates is 0700 and a new database file 0600,
      // whatever the umask. SQLite gives the -wal and -shm files it creates the mode of the database file.
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    } catch (err) {
      throw new DatabaseOpenError(
        `SQLite database ${file}: its folder cannot be created ` +
          `(${(err as NodeJS.ErrnoException).code ?? String(err)}).`,
      );
    }
    assertWritable(file);
    try {
      createPrivateFile(file, 0o600, true);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? String(err);
      throw new DatabaseOpenError(`SQLite database ${file} cannot be created (${code}).`);
    }
  }
  const sqlite = new SQLite(file);
  try {
    // WAL lets readers run beside the writer. A commit writes its pages to the WAL without waiting for the disk
    // (synchronous=NORMAL): the WAL is flushed on the thread pool before the commit is acknowledged (WalSync), so
    // every acknowledged commit survives a power cut or SIGKILL (docs/decisions/0003 and 0020).
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma(`synchronous = ${file === ':memory:' ? 'OFF' : 'NORMAL'}`);
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
  } catch (err) {
    sqlite.close();
    throw new DatabaseOpenError(`SQLite database ${file} cannot be opened for writing: ${(err as Error).message}`);
  }
  return sqlite;
}

/**
 * A read-only file opens without complaint and fails only at the first write, which would leave a server that
 * looks healthy and refuses every answer. SQLite also writes beside the file (the -wal and -shm files), so the
 * folder must be writable too, and so must those two files where they are left from before: SQLite maps the -shm
 * file into memory, and a write through a mapping of a file that cannot be written can kill the process with
 * SIGBUS, logging nothing.
 */
function assertWritable(file: string): void {
  const problems: string[] = [];
  const targets = [
    ['file', file],
    ['WAL file', `${file}-wal`],
    ['shared-memory file', `${file}-shm`],
    ['folder', path.dirname(file)],
  ] as const;
  for (const [what, target] of targets) {
    try {
      fs.accessSync(target, fs.constants.W_OK);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && what !== 'folder') continue;
      problems.push(`the ${what} ${target} is not writable (${code ?? String(err)})`);
    }
  }
  if (problems.length > 0) {
    throw new DatabaseOpenError(
      `SQLite database ${file} is read-only: ${problems.join('; ')}. The server needs to write to it.`,
    );
  }
}

const NO_OP_STATEMENT = {
  reader: false,
  readonly: true,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
} as unknown as SQLite.Statement;

/** Distinct SQL texts kept compiled; the app has a few dozen, variable-length IN lists make a few more. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh, and compiling a join costs SQLite more than running it on indexed rows, so
 * compiled statements are reused by their SQL text (see docs/performance.md). Safe because queries here run one at a
 * time to completion (all/run); nothing streams with iterate(), which would hold a statement busy.
 *
 * Kysely's driver prepares each statement right before it runs it, so this is also where a commit is seen: a
 * statement that writes outside a transaction (it commits itself) or a COMMIT leaves `unflushed` set, and the driver
 * flushes the WAL before it hands the result back (`DurableSerialDriver`). The write watch hears of each write here
 * too: the statement runs synchronously right after, so nothing can read between the two.
 */
class StatementCache implements SqliteDatabase {
  private readonly cache = new Map<string, SQLite.Statement>();
  unflushed = false;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly watch: ConnectionWatch | null,
  ) {}

  close(): void {
    this.sqlite.close();
  }

  prepare(sql: string): SQLite.Statement {
    const { sqlite } = this;
    // On a full disk or an I/O error SQLite rolls the transaction back itself; Kysely's ROLLBACK after it would
    // fail with "no transaction is active" and hide the error that says what happened.
    if (sql === 'rollback' && !sqlite.inTransaction) return NO_OP_STATEMENT;
    const statement = this.compiled(sql);
    const ends = sql === 'commit' || sql === 'rollback';
    if (sql === 'commit' || (!statement.readonly && !sqlite.inTransaction)) this.unflushed = true;
    if (!statement.readonly || ends) this.watch?.ran(sql, !ends && sqlite.inTransaction);
    return statement;
  }

  private compiled(sql: string): SQLite.Statement {
    const { sqlite, cache } = this;
    let statement = cache.get(sql);
    if (!statement) {
      statement = sqlite.prepare(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
      cache.set(sql, statement);
    }
    return statement;
  }

  /**
   * A read run at once while the connection is in no transaction; undefined for a write, or while a unit of work holds
   * the connection in its transaction (the read then waits its turn, and sees only what was committed). A read needs
   * nothing from the queue otherwise: a statement runs to its end before anything else can use the connection.
   */
  readIfIdle(sql: string, parameters: readonly unknown[]): QueryResult<unknown> | undefined {
    if (this.sqlite.inTransaction) return undefined;
    const statement = this.compiled(sql);
    if (!statement.readonly || !statement.reader) return undefined;
    return { rows: statement.all(parameters) };
  }

  /** Runs a statement at once, answering what Kysely's SQLite driver answers for it. */
  execute(sql: string, parameters: readonly unknown[]): QueryResult<unknown> {
    const statement = this.prepare(sql);
    if (statement.reader) return { rows: statement.all(parameters) };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
  }
}

/**
 * A single-connection engine's adapter that says "several connections", which Kysely documents as "do not queue":
 * the driver queues instead (`DurableSerialDriver`).
 */
class QueuedInDriverAdapter implements DialectAdapter {
  constructor(private readonly adapter: DialectAdapter) {}

  get supportsMultipleConnections(): boolean {
    return true;
  }

  get supportsCreateIfNotExists(): boolean | undefined {
    return this.adapter.supportsCreateIfNotExists;
  }

  get supportsTransactionalDdl(): boolean | undefined {
    return this.adapter.supportsTransactionalDdl;
  }

  get supportsReturning(): boolean | undefined {
    return this.adapter.supportsReturning;
  }

  get supportsOutput(): boolean | undefined {
    return this.adapter.supportsOutput;
  }

  acquireMigrationLock(db: Kysely<unknown>, options: MigrationLockOptions): Promise<void> {
    return this.adapter.acquireMigrationLock(db, options);
  }

  releaseMigrationLock(db: Kysely<unknown>, options: MigrationLockOptions): Promise<void> {
    return this.adapter.releaseMigrationLock(db, options);
  }
}

/** One holder of the connection at a time, in the order asked. */
class Queue {
  private tail: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;

  async enter(): Promise<void> {
    const before = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await before;
    this.release = release;
  }

  leave(): void {
    const release = this.release;
    this.release = null;
    release?.();
  }
}

/**
 * SQLite's one connection, queued here rather than in Kysely (which would hold its queue until `releaseConnection`
 * returns): a holder that committed gives the connection to the next one first, then waits for the WAL flush that
 * makes its commit durable. Reads go on while the disk works. Kysely's own queue for a single-connection engine sits
 * in front of its driver; the write guard (db/write-guard.ts) must check before that wait, which a driver that queues
 * also allows. Both are Kysely's public interfaces (DialectAdapter, Driver); decision 0019.
 */
class DurableSerialDriver implements Driver {
  private readonly queue = new Queue();

  constructor(
    private readonly driver: Driver,
    private readonly statements: StatementCache,
    private readonly sync: WalSync | null,
  ) {}

  init(): Promise<void> {
    return this.driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.queue.enter();
    try {
      return await this.driver.acquireConnection();
    } catch (err) {
      this.queue.leave();
      throw err;
    }
  }

  beginTransaction: Driver['beginTransaction'] = (connection, settings) =>
    this.driver.beginTransaction(connection, settings);
  commitTransaction: Driver['commitTransaction'] = (connection) => this.driver.commitTransaction(connection);
  rollbackTransaction: Driver['rollbackTransaction'] = (connection) => this.driver.rollbackTransaction(connection);
  savepoint: Driver['savepoint'] = (connection, name, compile) => this.driver.savepoint!(connection, name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (connection, name, compile) =>
    this.driver.rollbackToSavepoint!(connection, name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = (connection, name, compile) =>
    this.driver.releaseSavepoint!(connection, name, compile);

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const unflushed = this.statements.unflushed;
    this.statements.unflushed = false;
    try {
      await this.driver.releaseConnection(connection);
    } finally {
      this.queue.leave();
    }
    if (unflushed) await this.sync?.flushed();
  }

  destroy(): Promise<void> {
    return this.driver.destroy();
  }
}
