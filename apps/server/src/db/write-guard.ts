import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection, Dialect, Driver } from 'kysely';
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
 * run on the connection it holds; only a query on the database itself asks the driver for one. Kysely queues such
 * requests itself for a single-connection engine (SQLite), before the driver is asked; that queue is kept here
 * instead, after the check, so the refusal comes before the wait that would never end.
 */
export function guardDialect(dialect: Dialect): Dialect {
  if (!ENABLED) return dialect;
  return {
    createAdapter: () => {
      return new Proxy(dialect.createAdapter(), {
        get: (target, key) => {
          if (key === 'supportsMultipleConnections') return true;
          const value = Reflect.get(target, key, target) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    },
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => guardDriver(dialect.createDriver(), dialect.createAdapter().supportsMultipleConnections === false),
  };
}

/** One connection at a time, in the order asked (Kysely's own queue for SQLite, moved behind the check). */
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
