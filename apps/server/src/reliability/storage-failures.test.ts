import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseOptions, type Db, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { appOn, createTestDatabase, seedDecks, testClock } from '../test/harness.js';
import { ensureFreshBuild, fillDisk, startBuiltServer } from '../test/reliability.js';

/**
 * A database that cannot store: a read-only SQLite file stops the start with a message naming it; a full disk (a
 * small tmpfs, where the machine lets the test mount one; skipped with a message otherwise) and a read-only
 * PostgreSQL session make writes answer 503 with Retry-After, never a 500, and /api/status say `degraded` until a
 * write succeeds again.
 */

/** Mounts a tmpfs of `size` at a new folder; null where mounting is not allowed (not root, no capability). */
function mountTmpfs(size: string): string | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
    return dir;
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

function unmount(dir: string): void {
  execFileSync('umount', [dir], { stdio: 'pipe' });
  fs.rmSync(dir, { recursive: true, force: true });
}

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An app on a migrated, seeded SQLite file in `folder`, closed after the test. */
async function sqliteApp(folder: string, options?: DatabaseOptions) {
  const db: Db = openDatabase({ kind: 'sqlite', file: path.join(folder, 'vocab.db') }, options);
  cleanups.push(() => db.close());
  await migrateToLatest(db);
  await seedDecks(db);
  const app = await appOn({ db, clock: testClock() });
  cleanups.push(() => app.close());
  return app;
}

describe('a read-only SQLite database [sqlite]', () => {
  beforeAll(async () => {
    await ensureFreshBuild();
  }, 180_000);

  it('refuses to start, naming the file', async () => {
    // Root writes through file permissions, so the file is made read-only the way root cannot: a read-only mount.
    const asRoot = process.getuid?.() === 0;
    const dir = asRoot ? mountTmpfs('8m') : fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-ro-'));
    if (dir === null) {
      console.log('read-only SQLite: skipped, running as root where no tmpfs can be mounted');
      return;
    }
    cleanups.push(() => (asRoot ? unmount(dir) : fs.rmSync(dir, { recursive: true, force: true })));
    const file = path.join(dir, 'vocab.db');
    const sqlite = new SQLite(file);
    sqlite.exec('create table t (x)');
    sqlite.close();
    if (asRoot) {
      execFileSync('mount', ['-o', 'remount,ro', dir], { stdio: 'pipe' });
    } else {
      fs.chmodSync(file, 0o444);
      cleanups.push(() => fs.chmodSync(file, 0o644));
    }

    const started = startBuiltServer({ DATABASE_URL: `sqlite:${file}` });
    const error = await started.then(
      () => null,
      (err: unknown) => String(err),
    );
    expect(error).toContain('server exited before it was ready');
    expect(error).toContain(`SQLite database ${file} is read-only`);
    expect(error).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('refuses to start on a -shm file it cannot write, naming it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-shm-'));
    const file = path.join(dir, 'vocab.db');
    // A database left with its -wal and -shm files, as a crash or another process leaves them.
    const other = new SQLite(file);
    other.pragma('journal_mode = WAL');
    other.exec('create table t (x)');
    const shm = `${file}-shm`;
    expect(fs.existsSync(shm)).toBe(true);
    // Root writes through file permissions; an immutable file it cannot write.
    const asRoot = process.getuid?.() === 0;
    try {
      if (asRoot) execFileSync('chattr', ['+i', shm], { stdio: 'pipe' });
      else fs.chmodSync(shm, 0o444);
    } catch {
      other.close();
      fs.rmSync(dir, { recursive: true, force: true });
      console.log('read-only -shm: skipped, the file system here has no immutable files');
      return;
    }
    cleanups.push(() => {
      if (asRoot) execFileSync('chattr', ['-i', shm], { stdio: 'pipe' });
      other.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    const started = startBuiltServer({ DATABASE_URL: `sqlite:${file}` });
    const error = await started.then(
      () => null,
      (err: unknown) => String(err),
    );
    expect(error).toContain('server exited before it was ready');
    expect(error).toContain(`SQLite database ${file} is read-only: the shared-memory file ${shm} is not writable`);
    expect(error).not.toMatch(/\n\s+at /);
  }, 60_000);
});

describe('a full disk [sqlite]', () => {
  it('answers writes with 503 and Retry-After, reports degraded, and recovers once space is free', async () => {
    const folder = mountTmpfs('4m');
    if (folder === null) {
      console.log('full disk: skipped, no tmpfs can be mounted here (the test needs root, or CAP_SYS_ADMIN)');
      return;
    }
    cleanups.push(() => unmount(folder));
    const app = await sqliteApp(folder);
    const words = (await app.inject({ method: 'GET', url: '/api/spanish?unlearned=true&limit=15' })).json<
      Array<{ _id: string }>
    >();
    const first = await app.inject({ method: 'PATCH', url: `/api/spanish/${words[0]?._id}` });
    expect(first.statusCode).toBe(200);
    const cookie = `sid=${first.cookies.find((c) => c.name === 'sid')?.value}`;

    // Fill the tmpfs to the last byte.
    const filler = path.join(folder, 'filler');
    const fill = () => fillDisk(filler);
    const free = () => fs.rmSync(filler, { force: true });
    fill();
    cleanups.push(free);

    const statuses: number[] = [];
    for (const word of words.slice(1, 8)) {
      const res = await app.inject({ method: 'PATCH', url: `/api/spanish/${word._id}`, headers: { cookie } });
      statuses.push(res.statusCode);
      expect(res.statusCode, res.body).not.toBe(500);
      if (res.statusCode === 503) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json<{ error: { code: string } }>().error.code).toBe('storage_unavailable');
      }
    }
    expect(statuses).toContain(503);
    const degraded = await app.inject({ method: 'GET', url: '/api/status' });
    expect(degraded.statusCode).toBe(503);
    expect(degraded.json()).toMatchObject({ status: 'degraded', database: 'up', writes: 'failing' });
    // Signups and contact messages fail the same way, never with a 500.
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: 'fulldisk', password: 'correct horse' },
    });
    expect(signup.statusCode).toBe(503);

    free();
    const healthy = await app.inject({ method: 'GET', url: '/api/status' });
    expect(healthy.statusCode, healthy.body).toBe(200);
    expect(healthy.json()).toMatchObject({ status: 'ok', database: 'up' });
    expect(
      (await app.inject({ method: 'PATCH', url: `/api/spanish/${words[9]?._id}`, headers: { cookie } })).statusCode,
    ).toBe(200);
    console.log(
      `full disk (tmpfs of 4 MB): answers ${statuses.join(' ')}, status degraded, then ok once space was freed`,
    );
  }, 60_000);
});

describe('a disk whose WAL flush fails [sqlite]', () => {
  it('answers writes with 503 and Retry-After and reports degraded until a flush succeeds again', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-eio-'));
    cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
    // The disk as an fdatasync that fails with EIO while `failing` is set, as a dying disk or a lost volume does.
    let failing = false;
    const flushWal = async (file: fs.promises.FileHandle) => {
      if (failing) throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO', errno: -5 });
      await file.datasync();
    };
    const app = await sqliteApp(folder, { flushWal });
    const unlearned = await app.inject({ method: 'GET', url: '/api/spanish?unlearned=true&limit=5' });
    const words = unlearned.json<Array<{ _id: string }>>();
    const first = await app.inject({ method: 'PATCH', url: `/api/spanish/${words[0]?._id}` });
    expect(first.statusCode).toBe(200);
    const cookie = `sid=${first.cookies.find((c) => c.name === 'sid')?.value}`;

    failing = true;
    const answer = await app.inject({ method: 'PATCH', url: `/api/spanish/${words[1]?._id}`, headers: { cookie } });
    expect(answer.statusCode, answer.body).toBe(503);
    expect(answer.headers['retry-after']).toBe('30');
    expect(answer.json<{ error: { code: string } }>().error.code).toBe('storage_unavailable');
    const degraded = await app.inject({ method: 'GET', url: '/api/status' });
    expect(degraded.statusCode).toBe(503);
    expect(degraded.json()).toMatchObject({ status: 'degraded', database: 'up', writes: 'failing' });
    const payload = { username: 'eio', password: 'correct horse' };
    expect((await app.inject({ method: 'POST', url: '/api/auth/signup', payload })).statusCode).toBe(503);

    failing = false;
    const healthy = await app.inject({ method: 'GET', url: '/api/status' });
    expect(healthy.json()).toMatchObject({ status: 'ok', database: 'up' });
    const later = await app.inject({ method: 'PATCH', url: `/api/spanish/${words[2]?._id}`, headers: { cookie } });
    expect(later.statusCode).toBe(200);
  });
});

describe('a nearly full disk [sqlite]', () => {
  it('never says ok while the next answer would be refused, whatever room is left', async () => {
    const folder = mountTmpfs('4m');
    if (folder === null) {
      console.log('nearly full disk: skipped, no tmpfs can be mounted here (the test needs root, or CAP_SYS_ADMIN)');
      return;
    }
    cleanups.push(() => unmount(folder));
    const app = await sqliteApp(folder);
    const words = (await app.inject({ method: 'GET', url: '/api/spanish?unlearned=true&limit=40' })).json<
      Array<{ _id: string }>
    >();
    const first = await app.inject({ method: 'PATCH', url: `/api/spanish/${words[0]?._id}` });
    const cookie = `sid=${first.cookies.find((c) => c.name === 'sid')?.value}`;
    let next = 1;
    const answer = async () =>
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/spanish/${words[next++ % words.length]?._id}`,
          headers: { cookie },
        })
      ).statusCode;

    const filler = path.join(folder, 'filler');
    const lies: string[] = [];
    let refused = 0;
    for (const room of [0, 4 * 1024, 16 * 1024, 64 * 1024, 256 * 1024]) {
      fillDisk(filler, room);
      // Answer until one is refused, then ask the health check before each further answer.
      for (let i = 0; i < 6 && (await answer()) !== 503; i++);
      for (let i = 0; i < 4; i++) {
        const status = (await app.inject({ method: 'GET', url: '/api/status' })).statusCode;
        const next = await answer();
        if (next === 503) refused += 1;
        if (status === 200 && next === 503) lies.push(`${room} bytes free: status ok, then the answer got 503`);
      }
      fs.rmSync(filler);
    }
    expect(refused).toBeGreaterThan(0);
    expect(lies).toEqual([]);
    // With the room back, the check says ok and answers are taken.
    const recovered = await app.inject({ method: 'GET', url: '/api/status' });
    expect(recovered.json()).toMatchObject({ status: 'ok', database: 'up' });
    expect(await answer()).toBe(200);
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('a read-only PostgreSQL session [postgres]', () => {
  it('answers writes with 503 and Retry-After and reports degraded; reads still work', async () => {
    const tdb = await createTestDatabase('postgres', process.env.TEST_DATABASE_URL);
    cleanups.push(() => tdb.drop());
    await seedDecks(tdb.db);
    if (tdb.target.kind !== 'postgres') throw new Error('expected PostgreSQL');
    // The same schema, through connections that may not write (as on a standby, or a database set read-only).
    const url = new URL(tdb.target.url);
    url.searchParams.set('options', `${url.searchParams.get('options') ?? ''} -c default_transaction_read_only=on`);
    const readOnly = openDatabase({ kind: 'postgres', url: url.toString() });
    cleanups.push(() => readOnly.close());
    const app = await appOn({ db: readOnly, clock: testClock() });
    cleanups.push(() => app.close());

    const words = await app.inject({ method: 'GET', url: '/api/spanish?unlearned=true&limit=5' });
    expect(words.statusCode).toBe(200);
    const wordId = words.json<Array<{ _id: string }>>()[0]?._id;
    const answer = await app.inject({ method: 'PATCH', url: `/api/spanish/${wordId}` });
    expect(answer.statusCode, answer.body).toBe(503);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    const contact = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'A', email: 'a@example.com', message: 'hello' },
    });
    expect(contact.statusCode).toBe(503);
    const status = await app.inject({ method: 'GET', url: '/api/status' });
    expect(status.statusCode).toBe(503);
    expect(status.json()).toMatchObject({ status: 'degraded', database: 'up', writes: 'failing' });
  });
});
