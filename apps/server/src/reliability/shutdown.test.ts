import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild, httpClient, startBuiltServer } from '../test/reliability.js';

/**
 * SIGTERM while requests are in flight: each one finishes with its normal answer, the process exits 0, and the
 * SQLite file is closed cleanly (its write-ahead log checkpointed and removed, which SQLite does only on a clean
 * close of the last connection).
 */
const IN_FLIGHT = 8;

describe('graceful shutdown [sqlite]', () => {
  let dir: string;
  let file: string;

  beforeAll(async () => {
    await ensureFreshBuild();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-term-'));
    file = path.join(dir, 'vocab.db');
  }, 180_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finishes the requests in flight at SIGTERM, then closes the database and exits 0', async () => {
    // Request logging at debug shows when each request has reached the server and when the shutdown began.
    const server = await startBuiltServer({ DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'debug' });
    // Signups hash a password with argon2id: slow enough that they are still running when the signal arrives.
    const signups = Array.from({ length: IN_FLIGHT }, (_, i) =>
      httpClient(server.url).call('POST', '/api/auth/signup', {
        username: `term${i}`,
        password: 'correct horse battery',
      }),
    );
    const received = () =>
      server
        .output()
        .split('\n')
        .filter((l) => l.includes('"incoming request"') && l.includes('/api/auth/signup')).length;
    while (received() < IN_FLIGHT) await new Promise((r) => setTimeout(r, 5));
    server.child.kill('SIGTERM');

    const responses = await Promise.all(signups);
    const exit = await server.exited;
    expect(responses.map((r) => r.status)).toEqual(Array(IN_FLIGHT).fill(201));
    expect(exit).toEqual({ code: 0, signal: null });

    // The log proves the order: the shutdown began before the last signup was answered.
    const lines = server.output().split('\n');
    const shutdownAt = lines.findIndex((l) => l.includes('shutting down'));
    const lastCompletedAt = lines.findLastIndex((l) => l.includes('"request completed"'));
    expect(shutdownAt).toBeGreaterThanOrEqual(0);
    expect(lastCompletedAt).toBeGreaterThan(shutdownAt);

    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const sqlite = new SQLite(file, { readonly: true });
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(sqlite.prepare("select count(*) from users where username like 'term%'").pluck().get()).toBe(IN_FLIGHT);
    } finally {
      sqlite.close();
    }
  }, 120_000);
});
