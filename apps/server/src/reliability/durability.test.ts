import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, ensureFreshBuild, httpClient, startBuiltServer } from '../test/reliability.js';

/**
 * The built server on SQLite, killed with SIGKILL at random moments while learners answer words, then restarted:
 * every answer the server acknowledged (200) must be in the database afterwards, and the file must pass
 * `integrity_check`. This is what a commit acknowledged only after its WAL is flushed promises (docs/decisions/0003,
 * 0020).
 */
const KILL_CYCLES = 8;
const CLIENTS = 6;

describe('durability under SIGKILL [sqlite]', () => {
  let dir: string;
  let file: string;

  beforeAll(async () => {
    await ensureFreshBuild();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-kill-'));
    file = path.join(dir, 'vocab.db');
  }, 180_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keeps every acknowledged answer and an intact file across kill cycles', async () => {
    const acknowledged = new Set<string>();
    const learners = Array.from({ length: CLIENTS }, () => ({ client: httpClient(''), words: [] as string[] }));
    let sent = 0;
    let lost = 0;

    for (let cycle = 0; cycle < KILL_CYCLES; cycle++) {
      const server: ServerProcess = await startBuiltServer({ DATABASE_URL: `sqlite:${file}` });
      let running = true;
      // Each learner answers its batch in a loop, one request at a time, as a quiz does.
      const work = learners.map(async (learner) => {
        const client = httpClient(server.url);
        client.cookie = learner.client.cookie;
        while (running) {
          try {
            if (learner.words.length === 0) {
              const res = await client.call('GET', '/api/spanish');
              learner.words = res.json<Array<{ _id: string }>>().map((w) => w._id);
            }
            const wordId = learner.words.shift() ?? '1';
            const answerId = randomBytes(12).toString('base64url');
            sent++;
            const res = await client.call('PATCH', `/api/spanish/${wordId}`, {
              answerId,
              verdict: sent % 3 ? 'correct' : 'wrong',
            });
            if (res.status === 200) acknowledged.add(answerId);
            else throw new Error(`answer refused: ${res.status} ${res.text}`);
          } catch (err) {
            // A refused connection or a reset is the kill; anything else is a bug.
            if (
              running &&
              !/fetch failed|ECONNRESET|ECONNREFUSED|other side closed/i.test(String((err as Error).cause ?? err))
            )
              throw err;
            lost++;
            break;
          } finally {
            learner.client.cookie = client.cookie;
          }
        }
      });
      // The kill lands anywhere: mid-transaction, mid-fsync, between a commit and its response.
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 600));
      server.child.kill('SIGKILL');
      await server.exited;
      running = false;
      await Promise.all(work);
    }

    const sqlite = new SQLite(file);
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = new Set(
        sqlite.prepare('select answer_id from reviews where answer_id is not null').pluck().all() as string[],
      );
      const missing = [...acknowledged].filter((id) => !stored.has(id));
      console.log(
        `durability: ${KILL_CYCLES} SIGKILL cycles, ${CLIENTS} learners, ` +
          `${sent} answers sent, ${acknowledged.size} acknowledged, ` +
          `${stored.size} stored, ${missing.length} acknowledged answers missing, ${lost} requests cut by a kill`,
      );
      expect(acknowledged.size).toBeGreaterThan(KILL_CYCLES * CLIENTS);
      expect(missing).toEqual([]);
    } finally {
      sqlite.close();
    }
  }, 240_000);
});
