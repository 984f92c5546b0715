import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection, Dialect, DialectAdapter, Driver, Kysely, MigrationLockOptions } from 'kysely';
import { DEVELOPMENT_CHECKS } from '../lib/development-checks.js';

/**
 * The guard catches a mistake in the code, not in a request, so it runs only with the development checks (tests,
 * development) and costs nothing in production: once an AsyncLocalStorage has run, Node.js tracks the context of
 * every promise in the process, about 14% of a quiz batch's CPU (docs/performance.md).
 */
const ENABLED = DEVELOPMENT_CHECKS;

/** Set while the work of a write transaction runs (db/database.ts `writeTransaction`). */
const writeWork = new AsyncLocalStorage<true>();

export class WriteWorkMisuse extends Error {
  constructor() {
    super(
      'the work of a write transaction used the database instead of its transaction: on SQLite it would wait for the ' +
        'lock its own group commit holds, and every query of the process with it',
    );
  }
}

/** Runs the work of a write transaction, so that a query on the database itself from inside it throws. */
export function runAsWriteWork<T>(work: () => Promise<T>): Promise<T> {
  return ENABLED ? writeWork.run(true, work) : work();
}

/** Throws inside the work of a write transaction (a nested write transaction would wait for its own batch too). */
export function assertOutsideWriteWork(): void {
  if (ENABLED && writeWork.getStore()) throw new WriteWorkMisuse();
}

/**
 * The dialect with a driver that refuses a connection to the work of a write transaction. Queries of the transaction
 * run on the connection it holds; only a query on the database itself asks the driver for one.
 *
 * For a single-connection engine (SQLite), Kysely queues the requests for the connection itself, before its driver
 * is asked (a mutex in its runtime driver, not in SqliteDriver; write-guard.test.ts checks that this is still so):
 * a check in the driver would come after a wait that never ends. So the guarded dialect's adapter says the engine
 * takes several connections, which Kysely documents as "do not queue", and the driver queues instead, after the
 * check. Both are Kysely's public interfaces (DialectAdapter, Driver); docs/decisions/0019-database-plumbing.md.
 */
export function guardDialect(dialect: Dialect): Dialect {
  if (!ENABLED) return dialect;
  const serial = dialect.createAdapter().supportsMultipleConnections === false;
  return {
    createAdapter: () => (serial ? new QueuedInDriverAdapter(dialect.createAdapter()) : dialect.createAdapter()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => guardDriver(dialect.createDriver(), serial),
  };
}

/** A single-connection engine's adapter that leaves the queueing to the driver (`guardDriver`). */
class QueuedInDriverAdapter implements DialectAdapter {
  readonly supportsMultipleConnections = true;

  constructor(private readonly adapter: DialectAdapter) {}

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

/** One connection at a time, in the order asked: Kysely's own queue for SQLite, moved behind the check. */
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

function guardDriver(driver: Driver, serial: boolean): Driver {
  const queue = serial ? new Queue() : null;
  const guarded: Driver = {
    init: (options) => driver.init(options),
    acquireConnection: async (options): Promise<DatabaseConnection> => {
      assertOutsideWriteWork();
      if (!queue) return driver.acquireConnection(options);
      await queue.enter();
      try {
        return await driver.acquireConnection(options);
      } catch (err) {
        queue.leave();
        throw err;
      }
    },
    beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
    commitTransaction: (connection) => driver.commitTransaction(connection),
    rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
    releaseConnection: async (connection, options) => {
      try {
        await driver.releaseConnection(connection, options);
      } finally {
        queue?.leave();
      }
    },
    destroy: (options) => driver.destroy(options),
  };
  if (driver.savepoint) guarded.savepoint = driver.savepoint.bind(driver);
  if (driver.rollbackToSavepoint) guarded.rollbackToSavepoint = driver.rollbackToSavepoint.bind(driver);
  if (driver.releaseSavepoint) guarded.releaseSavepoint = driver.releaseSavepoint.bind(driver);
  return guarded;
}
