import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection, Dialect, Driver } from 'kysely';
import { DEVELOPMENT_CHECKS } from '../development-checks.js';

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
 * run on the connection it holds; only a query on the database itself asks the driver for one. The check must come
 * before any wait for a connection, which would never end: Kysely queues a single-connection engine's requests in
 * front of the driver, so the SQLite dialect says it takes several and queues in its driver instead, behind this
 * check (db/sqlite.ts; write-guard.test.ts checks that Kysely still queues so).
 */
export function guardDialect(dialect: Dialect): Dialect {
  if (!ENABLED) return dialect;
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => guardDriver(dialect.createDriver()),
  };
}

function guardDriver(driver: Driver): Driver {
  const guarded: Driver = {
    init: (options) => driver.init(options),
    acquireConnection: (options): Promise<DatabaseConnection> => {
      assertOutsideWriteWork();
      return driver.acquireConnection(options);
    },
    beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
    commitTransaction: (connection) => driver.commitTransaction(connection),
    rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
    releaseConnection: (connection, options) => driver.releaseConnection(connection, options),
    destroy: (options) => driver.destroy(options),
  };
  if (driver.savepoint) guarded.savepoint = driver.savepoint.bind(driver);
  if (driver.rollbackToSavepoint) guarded.rollbackToSavepoint = driver.rollbackToSavepoint.bind(driver);
  if (driver.releaseSavepoint) guarded.releaseSavepoint = driver.releaseSavepoint.bind(driver);
  return guarded;
}
