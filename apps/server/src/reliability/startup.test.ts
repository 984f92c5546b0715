import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild, httpClient, startBuiltServer } from '../test/reliability.js';

/**
 * A start on SQLite is bounded by the time to listen, not by the migrations: they run on a thread of their own while
 * the server answers /api/status `starting` and every other call 503 with Retry-After, as it does on PostgreSQL.
 * Here another connection holds the file's write lock, so the migrations cannot move until the test lets them: what
 * the server answers meanwhile is what a large file's long migration would show.
 */
describe('starting on a SQLite file that is being migrated [sqlite]', () => {
  let dir: string;

  beforeAll(async () => {
    await ensureFreshBuild();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-start-'));
  }, 180_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('answers `starting` and 503 while the migrations wait, then `ok` with the decks loaded', async () => {
    const file = path.join(dir, 'vocab.db');
    const holder = new SQLite(file);
    holder.pragma('journal_mode = WAL');
    holder.exec('create table held (x); begin immediate; insert into held values (1)');
    const server = await startBuiltServer({ DATABASE_URL: `sqlite:${file}` }, { listening: true });
    try {
      const client = httpClient(server.url);
      const status = await client.call('GET', '/api/status');
      expect(status.status).toBe(503);
      expect(status.json()).toMatchObject({ status: 'starting', database: 'up' });
      const batch = await client.call('GET', '/api/spanish?unlearned=true');
      expect(batch.status).toBe(503);
      expect(batch.headers.get('retry-after')).not.toBeNull();

      holder.exec('commit');
      holder.close();
      let ready = await client.call('GET', '/api/status');
      for (let i = 0; i < 200 && ready.status !== 200; i += 1) {
        await new Promise((r) => setTimeout(r, 50));
        ready = await client.call('GET', '/api/status');
      }
      expect(ready.json()).toMatchObject({ status: 'ok', database: 'up' });
      const words = await client.call('GET', '/api/spanish?unlearned=true');
      expect(words.status).toBe(200);
      expect(words.json<unknown[]>()).toHaveLength(15);
    } finally {
      if (holder.open) holder.close();
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 60_000);
});
