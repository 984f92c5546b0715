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
import { endsTransaction, statementNameOf } from './prepared.js';
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
  /**
   * PostgreSQL: every write to the server, with the statements it carries (more than one when a BEGIN goes with the
   * statement after it); a test counts round trips with it.
   */
  logRoundTrip?: (statements: readonly string[]) => void;
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
    // Queries sent before the one ahead is answered: a transaction's BEGIN goes out with its first statement
    // (ResilientClient). Kysely waits for each statement before the next, so nothing else is sent ahead.
    pipeline: true,
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
    const wrapped = new ResilientClient(client, watch.connection(), options.logRoundTrip);
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
      return clients.get(client) ?? new ResilientClient(client, watch.connection(), options.logRoundTrip);
    },
    end: () => pool.end(),
  };
}

/**
 * A pooled pg client as Kysely sees it. A prepared query's SQL (db/prepared.ts) runs as a named statement, and a
 * client whose connection failed is destroyed on release instead of going back to the pool.
 *
 * A transaction's BEGIN is not sent on its own: it waits for the transaction's first statement and goes out with it,
 * in one write and one round trip (pg's pipeline mode lets a query be sent before the one ahead of it is answered).
 * Nothing is learned from a BEGIN's answer that the statement behind it would not show: if the BEGIN failed, so does
 * the statement, and its caller gets the BEGIN's error. A transaction that sends nothing sends no BEGIN either.
 * Likewise the COMMIT goes out with a statement marked as its transaction's last (db/prepared.ts `endsTransaction`):
 * the statement's caller gets the commit's outcome, and Kysely's own COMMIT after it is answered here.
 */
class ResilientClient implements PostgresPoolClient {
  /** Set when the connection failed: Kysely releases with release(false), and this client must not be reused. */
  broken = false;

  /** Whether the connection is in a transaction, from the BEGIN, COMMIT and ROLLBACK Kysely sends on it. */
  private inTransaction = false;

  /** The BEGIN (or START TRANSACTION) asked for and not sent yet: it goes out with the next statement. */
  private pendingBegin: string | null = null;

  /**
   * Set when a transaction's last statement ended it on the server (`sent`, then `committed` or `failed` once
   * answered): Kysely's COMMIT or ROLLBACK after it is not sent.
   */
  private endedEarly: 'sent' | 'committed' | 'failed' | null = null;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly watch: ConnectionWatch,
    private readonly logRoundTrip?: (statements: readonly string[]) => void,
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
    const sql = textOrCursor;
    if (sql === 'begin' || sql.startsWith('start transaction')) {
      this.inTransaction = true;
      this.pendingBegin = sql;
      return Promise.resolve(answered<R>('BEGIN'));
    }
    const ends = sql === 'commit' || sql === 'rollback';
    if (this.endedEarly !== null) return Promise.resolve().then(() => this.afterEarlyEnd<R>(sql, ends));
    if (ends && this.pendingBegin !== null) {
      // Nothing was sent since the BEGIN: there is no transaction on the server to end.
      this.pendingBegin = null;
      this.inTransaction = false;
      return Promise.resolve(answered<R>(sql.toUpperCase()));
    }
    const commits = this.inTransaction && endsTransaction(sql);
    if (ends || commits) this.inTransaction = false;
    const inTransaction = this.inTransaction;
    let result = this.send<R>(sql, parameters as unknown[], commits);
    if (commits) {
      this.endedEarly = 'sent';
      result = result.then(
        (answer) => {
          this.endedEarly = 'committed';
          return answer;
        },
        (err: unknown) => {
          this.endedEarly = 'failed';
          throw err;
        },
      );
    }
    // Told once the statement is done, whether it succeeded or not: a needless call only empties a cache.
    const done = this.watch.tracks(sql) ? result.finally(() => this.watch.ran(sql, inTransaction)) : result;
    return done.catch((err: unknown) => {
      if (isConnectionFailure(err)) this.broken = true;
      throw err;
    });
  }

  /**
   * Kysely's COMMIT or ROLLBACK after a statement that ended its transaction, answered as the server answered that
   * statement; a statement in between is a bug in the work.
   */
  private afterEarlyEnd<R>(sql: string, ends: boolean): PostgresQueryResult<R> {
    if (!ends) throw new Error('a statement after the one that ended its transaction');
    const outcome = this.endedEarly;
    this.endedEarly = null;
    if (outcome === 'failed') return answered<R>('ROLLBACK');
    // The work failed after its last statement committed (or before it was answered): nothing can be rolled back.
    if (sql === 'rollback')
      throw new Error('the transaction was committed by its last statement before its work failed');
    if (outcome === 'sent') throw new Error('the transaction was committed before its last statement was answered');
    return answered<R>('COMMIT');
  }

  /**
   * Sends a statement, with the BEGIN waiting for it if there is one and the COMMIT after it if it `commits`, in one
   * write; its result, or the first error among them.
   */
  private send<R>(sql: string, values: unknown[], commits: boolean): Promise<PostgresQueryResult<R>> {
    // Named statements are parsed once per connection, and after five runs PostgreSQL may plan them once too (a
    // generic plan) where that costs no more than planning each run: a batch planned afresh cost 0.28-0.30 ms of
    // planning for 0.07 ms of running. The batch's deck walk looks each word's card up (LATERAL, LIMIT 1), so its
    // generic plan walks the deck's rank index like every custom one (docs/performance.md).
    const name = statementNameOf(sql);
    const run = () =>
      (name ? this.client.query({ name, text: sql, values }) : this.client.query(sql, values)) as unknown as Promise<
        PostgresQueryResult<R>
      >;
    const begin = this.pendingBegin;
    this.pendingBegin = null;
    if (begin === null && !commits) {
      this.logRoundTrip?.([sql]);
      return run();
    }
    this.logRoundTrip?.([...(begin === null ? [] : [begin]), sql, ...(commits ? ['commit'] : [])]);
    const stream = (this.client as unknown as { connection: { stream: Corkable } }).connection.stream;
    stream.cork();
    let sent: [Promise<unknown>, Promise<PostgresQueryResult<R>>, Promise<unknown>];
    try {
      sent = [
        begin === null ? Promise.resolve() : this.client.query(begin),
        run(),
        commits ? this.client.query('commit') : Promise.resolve(),
      ];
    } finally {
      stream.uncork();
    }
    return Promise.allSettled(sent).then(([began, result, committed]) => {
      if (began.status === 'rejected') throw began.reason;
      if (result.status === 'rejected') throw result.reason;
      if (committed.status === 'rejected') throw committed.reason;
      if ((committed.value as { command?: string } | undefined)?.command === 'ROLLBACK')
        throw new Error('the transaction was rolled back at its commit');
      return result.value;
    });
  }

  release(destroy?: boolean): void {
    this.pendingBegin = null;
    this.endedEarly = null;
    this.inTransaction = false;
    this.client.release(destroy || this.broken);
  }
}

interface Corkable {
  cork(): void;
  uncork(): void;
}

/** What pg answers to a statement that returns no rows, for a BEGIN or an end that was not sent. */
function answered<R>(command: string): PostgresQueryResult<R> {
  return { command, rowCount: 0, rows: [] } as unknown as PostgresQueryResult<R>;
}
