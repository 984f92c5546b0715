import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { openSqliteConnection } from './sqlite.js';
import { WalSync } from './wal-sync.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A SQLite file whose WAL flushes wait until the test lets them finish. */
function databaseWithHeldFlushes(fail?: Error) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-sqlite-'));
  const file = path.join(dir, 'test.db');
  let flushes = 0;
  const waiting: Array<() => void> = [];
  const sync = new WalSync(`${file}-wal`, async (handle) => {
    flushes++;
    await new Promise<void>((resolve) => waiting.push(resolve));
    if (fail) throw fail;
    await handle.datasync();
  });
  const connection = openSqliteConnection(file, sync);
  const db = new Kysely<{ t: { a: number } }>({ dialect: connection.dialect });
  cleanups.push(async () => {
    for (const finish of waiting.splice(0)) finish();
    await db.destroy();
    await connection.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    db,
    flushes: () => flushes,
    /** Waits for a flush to be running, then lets it finish. */
    async finishFlushes() {
      for (let i = 0; i < 100 && waiting.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 1));
      expect(waiting.length).toBeGreaterThan(0);
      for (const finish of waiting.splice(0)) finish();
    },
  };
}

/** Whether the promise settled by the time the event loop has turned a few times. */
async function settledSoon(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

it('answers a write only once the WAL holding it is flushed, and serves reads meanwhile', async () => {
  const { db, flushes, finishFlushes } = databaseWithHeldFlushes();
  const created = sql`create table t (a integer)`.execute(db);
  expect(await settledSoon(created)).toBe(false);
  await finishFlushes();
  await created;

  const inserted = db.insertInto('t').values({ a: 1 }).execute();
  expect(await settledSoon(inserted)).toBe(false);
  // The connection is free while the disk works: a read runs, and sees the commit that is not yet acknowledged.
  expect(await db.selectFrom('t').select('a').execute()).toEqual([{ a: 1 }]);
  await finishFlushes();
  await inserted;
  expect(flushes()).toBe(2);
});

it(
  'waits for the flush after a transaction commits, ' + 'and flushes nothing for reads or a rolled-back transaction',
  async () => {
    const { db, flushes, finishFlushes } = databaseWithHeldFlushes();
    const created = sql`create table t (a integer)`.execute(db);
    await finishFlushes();
    await created;
    const before = flushes();

    await db.selectFrom('t').selectAll().execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ a: 1 }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(flushes()).toBe(before);

    const committed = db.transaction().execute((trx) => trx.insertInto('t').values({ a: 2 }).execute());
    expect(await settledSoon(committed)).toBe(false);
    await finishFlushes();
    await committed;
    expect(flushes()).toBe(before + 1);
  },
);

it('shares flushes: commits that finish while one flush runs wait together for the next', async () => {
  const { db, flushes, finishFlushes } = databaseWithHeldFlushes();
  const created = sql`create table t (a integer)`.execute(db);
  expect(await settledSoon(created)).toBe(false);
  // The flush for the table runs (held); five inserts commit meanwhile.
  const inserts = [1, 2, 3, 4, 5].map((a) => db.insertInto('t').values({ a }).execute());
  expect(await settledSoon(Promise.all(inserts))).toBe(false);
  expect(flushes()).toBe(1);
  await finishFlushes();
  await created;
  // The one flush begun after them covers all five.
  await new Promise((resolve) => setImmediate(resolve));
  expect(flushes()).toBe(2);
  expect(await settledSoon(Promise.all(inserts))).toBe(false);
  await finishFlushes();
  await Promise.all(inserts);
  expect(flushes()).toBe(2);
});

it('fails the write whose flush failed', async () => {
  const { db, finishFlushes } = databaseWithHeldFlushes(
    Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }),
  );
  const created = sql`create table t (a integer)`.execute(db);
  await finishFlushes();
  await expect(created).rejects.toThrow('EIO');
});

it('keeps a new database for the server user alone: its folder 0700, the file, -wal and -shm 0600', async () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-modes-'));
  const folder = path.join(parent, 'data');
  const file = path.join(folder, 'vocab.db');
  const connection = openSqliteConnection(file);
  const db = new Kysely<{ t: { a: number } }>({ dialect: connection.dialect });
  cleanups.push(async () => {
    await db.destroy();
    await connection.close();
    fs.rmSync(parent, { recursive: true, force: true });
  });
  await sql`create table t (a integer)`.execute(db);
  await db.insertInto('t').values({ a: 1 }).execute();

  const mode = (target: string) => (fs.statSync(target).mode & 0o777).toString(8);
  expect({ folder: mode(folder), file: mode(file), wal: mode(`${file}-wal`), shm: mode(`${file}-shm`) }).toEqual({
    folder: '700',
    file: '600',
    wal: '600',
    shm: '600',
  });
});
