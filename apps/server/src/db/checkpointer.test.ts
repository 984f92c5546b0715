import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillDisk } from '../test/reliability.js';
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

  const answer = (db: Db, i: number) =>
    db.writeTransaction((trx) => sql`insert into answers (id, typed) values (${i}, ${`answer ${i}`})`.execute(trx));

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
    const checkpointer = new Checkpointer(sqlite, file, {
      intervalMs: 60_000,
      log: { warn: (_obj, msg) => warnings.push(msg) },
    });
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
  it('starts a new worker after one died, which checkpoints again', async () => {
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('create table answers (id integer primary key, typed text not null)');
    const checkpointer = new Checkpointer(sqlite, file, {
      intervalMs: 20,
      restartDelayMs: 50,
      log: { warn: () => undefined },
    });
    await checkpointer.started;
    const first = checkpointer.worker;
    await first.terminate();
    await vi.waitFor(() => expect(checkpointer.worker).not.toBe(first), { timeout: 5_000 });
    await vi.waitFor(() => expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0), { timeout: 5_000 });
    // A few small commits, far below the connection's own threshold: only the new worker brings them to the file.
    for (let i = 0; i < 5; i++) sqlite.prepare('insert into answers (id, typed) values (?, ?)').run(i, 'x');
    await vi.waitFor(() => expect(rowsInFileAlone(file)).toBe(5), { timeout: 5_000, interval: 20 });
    await checkpointer.stop();
    sqlite.close();
  });

  it('checkpoints again by itself once a full disk has room', async (test) => {
    if (process.getuid?.() !== 0) test.skip();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-ckpt-tmpfs-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', folder], { stdio: 'pipe' });
    } catch {
      fs.rmSync(folder, { recursive: true, force: true });
      test.skip('no tmpfs can be mounted here');
    }
    const onTmpfs = path.join(folder, 'db.sqlite');
    const sqlite = new SQLite(onTmpfs);
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('create table answers (id integer primary key, typed text not null)');
    const warnings: string[] = [];
    // Ticks a second apart: the rows below are committed and the disk filled well before the next one.
    const checkpointer = new Checkpointer(sqlite, onTmpfs, {
      intervalMs: 1_000,
      restartDelayMs: 50,
      log: { warn: (_obj, msg) => warnings.push(msg) },
    });
    const filler = path.join(folder, 'filler');
    try {
      await checkpointer.started;
      // Rows in the WAL only, then a disk full to the last byte: copying them needs the database file to grow.
      const committed = 20;
      for (let i = 0; i < committed; i++)
        sqlite.prepare('insert into answers (id, typed) values (?, ?)').run(i, 'y'.repeat(2000));
      fillDisk(filler);
      await vi.waitFor(() => expect(warnings.some((w) => w.startsWith('a WAL checkpoint failed'))).toBe(true), {
        timeout: 5_000,
      });

      fs.rmSync(filler);
      await vi.waitFor(() => expect(rowsInFileAlone(onTmpfs)).toBe(committed), { timeout: 5_000, interval: 50 });
      expect(warnings.filter((w) => w.startsWith('the WAL checkpoint worker stopped'))).toEqual([]);
    } finally {
      await checkpointer.stop();
      sqlite.close();
      execFileSync('umount', [folder], { stdio: 'pipe' });
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
