import {
  Kysely,
  type LogEvent,
  PostgresDialect,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config.js';
import { Checkpointer } from './checkpointer.js';
import { isConnectionFailure } from './db-errors.js';
import { readDirectly } from './direct.js';
import { GroupCommit } from './group-commit.js';
import { statementNameOf } from './prepared.js';
import type { Database } from './schema.js';
import { DatabaseOpenError, openSqliteConnection } from './sqlite.js';
import { SqliteLimitPlugin } from './sqlite-limit.js';
import { type FlushFile, WalSync } from './wal-sync.js';
import { assertOutsideWriteWork, guardDialect, runAsWriteWork } from './write-guard.js';
import { type ConnectionWatch, type WatchedWrites, WriteWatch } from './write-watch.js';

export type Dialect = DatabaseTarget['kind'];

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** What was opened: another process (the memory fitter's) opens the same database from it. */
  target: DatabaseTarget;
  /**
   * A transaction for the frequent small writes (answers): on SQLite it may share its commit with others
   * (db/group-commit.ts). Its work must use only `trx`: a query on `kysely` from inside it throws (db/write-guard.ts),
   * where on SQLite it would wait for the lock its own batch holds. Modules hand their work a store bound to `trx`
   * (modules/cards/cards.ts), never the handle itself.
   */
  writeTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /**
   * Tells `watcher` of every committed statement it `matches`, sent by anyone on this handle (db/write-watch.ts);
   * returns how to stop.
   */
  watchWrites(watcher: WatchedWrites): () => void;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL: how long to wait for a connection (from the pool or a new one) before failing. */
  connectTimeoutMs?: number;
  /** PostgreSQL: the server cancels a statement running longer (statement_timeout); 0 for none. */
  queryTimeoutMs?: number;
  /** Where connection errors that belong to no request are reported. */
  log?: { warn(obj: object, msg: string): void };
  /** SQLite: WAL checkpoints on a worker thread (db/checkpointer.ts), for the server's long-lived connection. */
  checkpointInBackground?: boolean;
  /**
   * Every statement Kysely runs, with its SQL and parameters (tests check that learner-owned tables are read by
   * learner, and explain the plans of the hot statements).
   */
  logQuery?: (sql: string, parameters: readonly unknown[]) => void;
  /** SQLite: how the WAL is flushed to the disk (fdatasync); a test puts a failing disk in its place. */
  flushWal?: FlushFile;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;
export const DEFAULT_QUERY_TIMEOUT_MS = 10_000;
/**
 * The client gives up this long after the server should have cancelled the statement itself: only a network that
 * has stopped answering (a dead host, a stalled proxy) gets this far.
 */
const CLIENT_TIMEOUT_MARGIN_MS = 2_000;

export { DatabaseOpenError };

// BIGINT (epoch milliseconds) and COUNT(*) come back from pg as strings; every such value here fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Db {
  const watch = new WriteWatch();
  const watchWrites: Db['watchWrites'] = (watcher) => watch.add(watcher);
  if (target.kind === 'postgres') {
    const kysely = new Kysely<Database>({
      dialect: guardDialect(new PostgresDialect({ pool: resilientPool(target.url, options, watch) })),
      log: queryLogger(options),
    });
    const writeTransaction: Db['writeTransaction'] = (work) => {
      assertOutsideWriteWork();
      return kysely.transaction().execute((trx) => runAsWriteWork(() => work(trx)));
    };
    return { kysely, dialect: 'postgres', target, writeTransaction, watchWrites, close: () => kysely.destroy() };
  }
  const sync = target.file === ':memory:' ? null : new WalSync(`${target.file}-wal`, options.flushWal);
  const connection = openSqliteConnection(target.file, sync, watch.connection());
  const { dialect, sqlite, execute, readIfIdle, close: closeConnection } = connection;
  const kysely = new Kysely<Database>({
    dialect: guardDialect(dialect),
    plugins: [new SqliteLimitPlugin()],
    log: queryLogger(options),
  });
  const { logQuery } = options;
  const group = new GroupCommit(kysely, (sql, parameters) => {
    logQuery?.(sql, parameters);
    return execute(sql, parameters);
  });
  readDirectly(kysely, (sql, parameters) => {
    const result = readIfIdle(sql, parameters);
    if (result) logQuery?.(sql, parameters);
    return result;
  });
  const checkpointer =
    options.checkpointInBackground && target.file !== ':memory:'
      ? new Checkpointer(sqlite, target.file, { log: options.log })
      : null;
  const close = async () => {
    await checkpointer?.stop();
    await kysely.destroy();
    await closeConnection();
  };
  return { kysely, dialect: 'sqlite', target, writeTransaction: (work) => group.run(work), watchWrites, close };
}

/** Kysely's log hook, only when asked for: without it Kysely does no per-query work for logging. */
function queryLogger(options: DatabaseOptions): ((event: LogEvent) => void) | undefined {
  const { logQuery } = options;
  return logQuery ? (event) => logQuery(event.query.sql, event.query.parameters) : undefined;
}

/**
 * A pool that outlives the database going away. pg emits 'error' on a pool or client whose connection drops while
 * idle, and an 'error' event without a listener kills the process: both are logged instead, and the next query
 * opens a fresh connection. Every wait is bounded (connect, statement, and the client's own read timeout), and a
 * connection whose query timed out on the client is discarded rather than reused, since its late answer may still
 * be on the way.
 *
 * Kysely takes any pool that implements its `PostgresPool`: it gets pg's pool behind a wrapper that hands out
 * `ResilientClient`s instead of pg's clients, so nothing of pg's is patched.
 */
function resilientPool(url: string, options: DatabaseOptions, watch: WriteWatch): PostgresPool {
  const queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    ...(queryTimeoutMs > 0
      ? {
          statement_timeout: queryTimeoutMs,
          query_timeout: queryTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
          idle_in_transaction_session_timeout: queryTimeoutMs,
        }
      : {}),
    keepAlive: true,
  });
  // Only what identifies the failure: pg attaches the client (with its connection parameters) to some errors.
  const warn = (err: unknown, msg: string) => {
    const e = err as { message?: string; code?: string } | null;
    options.log?.warn({ err: { message: e?.message, code: e?.code } }, msg);
  };
  pool.on('error', (err) => warn(err, 'database connection lost (idle)'));
  // One wrapper per pg client, for the client's life: Kysely keeps its connection state per client object.
  const clients = new WeakMap<pg.PoolClient, ResilientClient>();
  pool.on('connect', (client) => {
    const wrapped = new ResilientClient(client, watch.connection());
    clients.set(client, wrapped);
    client.on('error', (err) => {
      wrapped.broken = true;
      warn(err, 'database connection lost');
    });
  });
  return {
    options: pool.options,
    connect: async () => {
      const client = await pool.connect();
      return clients.get(client) ?? new ResilientClient(client, watch.connection());
    },
    end: () => pool.end(),
  };
}

/**
 * A pooled pg client as Kysely sees it. A prepared query's SQL (db/prepared.ts) runs as a named statement, and a
 * client whose connection failed is destroyed on release instead of going back to the pool.
 */
class ResilientClient implements PostgresPoolClient {
  /** Set when the connection failed: Kysely releases with release(false), and this client must not be reused. */
  broken = false;

  /** Whether the connection is in a transaction, from the BEGIN, COMMIT and ROLLBACK Kysely sends on it. */
  private inTransaction = false;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly watch: ConnectionWatch,
  ) {}

  get processID(): number | undefined {
    return (this.client as { processID?: number }).processID;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    textOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof textOrCursor !== 'string') return this.client.query(textOrCursor as never) as PostgresCursor<R>;
    // Named statements are parsed once per connection, and after five runs PostgreSQL may plan them once too (a
    // generic plan) where that costs no more than planning each run: a batch planned afresh cost 0.28-0.30 ms of
    // planning for 0.07 ms of running. The batch's deck walk looks each word's card up (LATERAL, LIMIT 1), so its
    // generic plan walks the deck's rank index like every custom one (docs/performance.md).
    const name = statementNameOf(textOrCursor);
    const values = parameters as unknown[];
    const result = name
      ? this.client.query({ name, text: textOrCursor, values })
      : this.client.query(textOrCursor, values);
    if (textOrCursor === 'begin' || textOrCursor.startsWith('start transaction')) this.inTransaction = true;
    else if (textOrCursor === 'commit' || textOrCursor === 'rollback') this.inTransaction = false;
    // Told once the statement is done, whether it succeeded or not: a needless call only empties a cache.
    const inTransaction = this.inTransaction;
    const done = this.watch.tracks(textOrCursor)
      ? (result as Promise<PostgresQueryResult<R>>).finally(() => this.watch.ran(textOrCursor, inTransaction))
      : (result as Promise<PostgresQueryResult<R>>);
    return done.catch((err: unknown) => {
      if (isConnectionFailure(err)) this.broken = true;
      throw err;
    });
  }

  release(destroy?: boolean): void {
    this.client.release(destroy || this.broken);
  }
}
