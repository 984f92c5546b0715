import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Checkpointer } from './checkpointer.js';
import { type Db, openDatabase } from './database.js';

/** The rows a copy of the database file alone holds: what has been checkpointed out of the WAL. */
function rowsInFileAlone(file: string): number {
  const copy = `${file}.copy`;
  fs.copyFileSync(file, copy);
  const db = new SQLite(copy, { readonly: true });
  try {
    const tables = db.prepare("select count(*) as n from sqlite_master where name = 'answers'").get() as { n: number };
    return tables.n === 0 ? 0 : (db.prepare('select count(*) as n from answers').get() as { n: number }).n;
  } finally {
    db.close();
    fs.rmSync(copy);
  }
}

describe('WAL checkpoints on a worker thread', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-checkpoint-'));
    file = path.join(dir, 'db.sqlite');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const answer = (db: Db, i: number) => db.writeTransaction((trx) => sql`insert into answers (id, typed) values (${i}, ${`answer ${i}`})`.execute(trx));

  it('copies committed answers into the database file in the background, and removes the WAL at close', async () => {
    const db = openDatabase({ kind: 'sqlite', file }, { checkpointInBackground: true });
    await sql`create table answers (id integer primary key, typed text not null)`.execute(db.kysely);
    for (let i = 0; i < 20; i++) await answer(db, i);
    // The connection itself never checkpoints now (20 small commits are far below its own threshold anyway).
    await vi.waitFor(() => expect(rowsInFileAlone(file)).toBe(20), { timeout: 10_000, interval: 20 });
    await db.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const reopened = new SQLite(file);
    expect((reopened.prepare('select count(*) as n from answers').get() as { n: number }).n).toBe(20);
    reopened.close();
  });

  it('loses no answer when the worker dies, and the connection checkpoints for itself again', async () => {
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.exec('create table answers (id integer primary key, typed text not null)');
    const warnings: string[] = [];
    const checkpointer = new Checkpointer(sqlite, file, { intervalMs: 60_000, log: { warn: (_obj, msg) => warnings.push(msg) } });
    await checkpointer.started;
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);

    await checkpointer.worker.terminate();
    await vi.waitFor(() => expect(warnings).toHaveLength(1));
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    // Enough pages for the connection's own checkpoint (1,000 pages) to run: the answers reach the database file.
    const insert = sqlite.prepare('insert into answers (id, typed) values (?, ?)');
    for (let i = 0; i < 1500; i++) insert.run(i, 'x'.repeat(3000));
    expect(rowsInFileAlone(file)).toBeGreaterThan(0);
    await checkpointer.stop();
    sqlite.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const reopened = new SQLite(file);
    expect((reopened.prepare('select count(*) as n from answers').get() as { n: number }).n).toBe(1500);
    reopened.close();
  });
});
