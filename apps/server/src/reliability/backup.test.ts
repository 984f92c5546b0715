import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../config.js';
import { ensureFreshBuild, httpClient, startBuiltServer } from '../test/reliability.js';

const run = promisify(execFile);
const CLIENTS = 4;

/**
 * The operator's commands, as `npm run backup -- <file>` and `npm run restore -- <file>` run them (after the build).
 */
async function cli(
  command: 'backup' | 'restore',
  file: string,
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [path.join(ROOT_DIR, `apps/server/dist/cli/${command}.js`), file],
      {
        cwd: ROOT_DIR,
        env: { PATH: process.env.PATH ?? '', ...env },
      },
    );
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, out: (e.stdout ?? '') + (e.stderr ?? '') };
  }
}

/**
 * A backup taken while learners answer is consistent (SQLite's online backup API, one snapshot), holds
 * every answer acknowledged before it began, and restores into a file that passes integrity_check. Restore refuses
 * while the server has the file open.
 */
describe('backup and restore of SQLite under load [sqlite]', () => {
  let dir: string;
  beforeAll(async () => {
    await ensureFreshBuild();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-backup-'));
  }, 180_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it(
    'backs up a running server under answer load, refuses to restore under it, ' +
      'and restores every answer acknowledged before the backup',
    async () => {
      const file = path.join(dir, 'vocab.db');
      const backupFile = path.join(dir, 'backups', 'vocab-backup.db');
      fs.mkdirSync(path.dirname(backupFile));
      const env = { DATABASE_URL: `sqlite:${file}` };
      const server = await startBuiltServer(env);
      const acknowledged: string[] = [];
      let running = true;
      const work = Array.from({ length: CLIENTS }, async () => {
        const client = httpClient(server.url);
        let words: string[] = [];
        while (running) {
          if (words.length === 0)
            words = (await client.call('GET', '/api/spanish')).json<Array<{ _id: string }>>().map((w) => w._id);
          const answerId = randomBytes(12).toString('base64url');
          const res = await client.call('PATCH', `/api/spanish/${words.shift() ?? '1'}`, {
            answerId,
            verdict: acknowledged.length % 3 ? 'correct' : 'wrong',
          });
          if (res.status !== 200) throw new Error(`answer refused: ${res.status} ${res.text}`);
          acknowledged.push(answerId);
        }
      });
      try {
        while (acknowledged.length < 100) await new Promise((r) => setTimeout(r, 20));
        // Everything acknowledged up to here must be in the backup; answers keep coming while it runs.
        const before = acknowledged.length;
        const backup = await cli('backup', backupFile, env);
        const after = acknowledged.length;
        expect(backup.code, backup.out).toBe(0);
        expect(backup.out).toMatch(/integrity ok/);

        // Restore refuses while the server holds the file, and touches nothing.
        const sizeBefore = fs.statSync(file).size;
        const refused = await cli('restore', backupFile, env);
        expect(refused.code).not.toBe(0);
        expect(refused.out).toMatch(/in use.*Stop the server first/s);
        expect(fs.statSync(file).size).toBeGreaterThanOrEqual(sizeBefore);
        expect(fs.readdirSync(dir).filter((n) => n.includes('before-restore'))).toEqual([]);

        running = false;
        await Promise.all(work);
        server.child.kill('SIGTERM');
        expect((await server.exited).code).toBe(0);

        const restored = await cli('restore', backupFile, env);
        expect(restored.code, restored.out).toBe(0);
        expect(fs.readdirSync(dir).filter((n) => n.includes('before-restore'))).toHaveLength(1);

        const db = new SQLite(file, { readonly: true });
        try {
          expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
          const stored = new Set(
            db.prepare('select answer_id from reviews where answer_id is not null').pluck().all() as string[],
          );
          const missing = acknowledged.slice(0, before).filter((id) => !stored.has(id));
          const later = acknowledged.slice(after).filter((id) => stored.has(id));
          console.log(
            `backup: ${acknowledged.length} answers acknowledged, ` +
              `${before} before the backup began, ${after - before} during it; ` +
              `the restored copy holds ${stored.size}, ${missing.length} of those before it missing, ` +
              `${later.length} of those after it present`,
          );
          expect(missing).toEqual([]);
          expect(later).toEqual([]);
          expect(stored.size).toBeGreaterThanOrEqual(before);
        } finally {
          db.close();
        }

        // The restored database serves again.
        const again = await startBuiltServer(env);
        try {
          expect((await fetch(`${again.url}/api/status`)).status).toBe(200);
        } finally {
          again.child.kill('SIGTERM');
          await again.exited;
        }
      } finally {
        running = false;
        await Promise.allSettled(work);
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      }
    },
    120_000,
  );

  it('names pg_dump and pg_restore for PostgreSQL, and refuses a file that is not a database of the app', async () => {
    const pg = await cli('backup', path.join(dir, 'x.db'), { DATABASE_URL: 'postgres://vocab@127.0.0.1:5432/vocab' });
    expect(pg.code).not.toBe(0);
    expect(pg.out).toMatch(/pg_dump/);
    expect(
      (await cli('restore', path.join(dir, 'x.db'), { DATABASE_URL: 'postgres://vocab@127.0.0.1:5432/vocab' })).out,
    ).toMatch(/pg_restore/);
    const junk = path.join(dir, 'junk.db');
    new SQLite(junk).exec('create table t (x)');
    const refused = await cli('restore', junk, { DATABASE_URL: `sqlite:${path.join(dir, 'other.db')}` });
    expect(refused.code).not.toBe(0);
    expect(refused.out).toMatch(/not a database of this app/);
    expect(fs.existsSync(path.join(dir, 'other.db'))).toBe(false);
    expect((await cli('backup', '', {})).code).toBe(2);
  });
});
