import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type ServerProcess, ensureFreshBuild, startBuiltServer } from '../../apps/server/src/test/reliability.js';

/** The built app (as `npm start` runs it) on a fresh database: SQLite, or a new PostgreSQL schema when TEST_DATABASE_URL is set. */
export interface RunningApp {
  url: string;
  database: 'sqlite' | 'postgres';
  /** Moves the server's clock (the test-only seam, ENABLE_TEST_CLOCK), e.g. to make words due. */
  moveClock(offsetMs: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startApp(): Promise<RunningApp> {
  await ensureFreshBuild();
  if (!fs.existsSync(path.resolve('apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing: run "npm run build" (npm test does) first');
  const pgUrl = process.env.TEST_DATABASE_URL;
  let url: string;
  let drop: () => Promise<void>;
  if (pgUrl) {
    const schema = `e2e_${randomBytes(6).toString('hex')}`;
    await adminQuery(pgUrl, `create schema ${schema}`);
    const scoped = new URL(pgUrl);
    scoped.searchParams.set('options', `-c search_path=${schema}`);
    url = scoped.toString();
    drop = () => adminQuery(pgUrl, `drop schema ${schema} cascade`);
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-e2e-'));
    url = `sqlite:${path.join(dir, 'e2e.db')}`;
    drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const server: ServerProcess = await startBuiltServer({ DATABASE_URL: url, ENABLE_TEST_CLOCK: 'true' });
  return {
    url: server.url,
    database: pgUrl ? 'postgres' : 'sqlite',
    async moveClock(offsetMs) {
      const res = await fetch(`${server.url}/api/test/clock`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ offsetMs }) });
      if (!res.ok) throw new Error(`moving the clock failed: ${res.status} ${await res.text()}`);
    },
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      await drop();
    },
  };
}

async function adminQuery(adminUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
