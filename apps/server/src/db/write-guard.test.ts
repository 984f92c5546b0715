import SQLite from 'better-sqlite3';
import { type Dialect, type Driver, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { signal } from '../test/signal.js';
import { openSqliteConnection } from './sqlite.js';
import { guardDialect } from './write-guard.js';

/** A SQLite dialect whose driver counts the connections it is asked for. */
function countingSqlite(): { dialect: Dialect; asked: () => number } {
  const inner = new SqliteDialect({ database: new SQLite(':memory:') });
  let asked = 0;
  const dialect: Dialect = {
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createDriver: () => {
      const driver = inner.createDriver();
      const counted: Driver = {
        init: () => driver.init(),
        acquireConnection: () => {
          asked++;
          return driver.acquireConnection();
        },
        beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
        commitTransaction: (connection) => driver.commitTransaction(connection),
        rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
        releaseConnection: (connection) => driver.releaseConnection(connection),
        destroy: () => driver.destroy(),
      };
      return counted;
    },
  };
  return { dialect, asked: () => asked };
}

const opened: Array<Kysely<unknown>> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});

/** Holds a transaction open until `release` is called, and a query on the database itself asked for meanwhile. */
async function transactionAndQueryBehindIt(dialect: Dialect) {
  const db = new Kysely<unknown>({ dialect });
  opened.push(db);
  const held = signal();
  const inTransaction = signal();
  const order: string[] = [];
  const transaction = db.transaction().execute(async (trx) => {
    await sql`select 1`.execute(trx);
    inTransaction.fire();
    await held.done;
    order.push('transaction done');
  });
  await inTransaction.done;
  const query = sql`select 1`.execute(db).then(() => order.push('query done'));
  // Long enough for the query to reach the driver if nothing queues it before.
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 10));
  return { release: held.fire, done: Promise.all([transaction, query]), order };
}

it(
  "Kysely queues a single-connection engine's connections before its driver " +
    'is asked (so the SQLite dialect claims several and queues in its driver)',
  async () => {
    // If this fails, Kysely no longer queues in front of the driver: the SQLite dialect's own queue (db/sqlite.ts)
    // would still work, and its adapter would no longer need to claim several connections (decision 0019).
    const { dialect, asked } = countingSqlite();
    const { release, done } = await transactionAndQueryBehindIt(dialect);
    expect(asked()).toBe(1);
    release();
    await done;
    expect(asked()).toBe(2);
  },
);

it(
  'runs one connection at a time on the guarded SQLite connection, ' + "in the order asked, behind the guard's check",
  async () => {
    const { dialect } = openSqliteConnection(':memory:');
    const guarded = guardDialect(dialect);
    expect(guarded.createAdapter().supportsMultipleConnections).toBe(true);
    const { release, done, order } = await transactionAndQueryBehindIt(guarded);
    expect(order).toEqual([]);
    release();
    await done;
    expect(order).toEqual(['transaction done', 'query done']);
  },
);
