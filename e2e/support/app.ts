import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { type ServerProcess, SERVER_ENTRY, startBuiltServer } from '../../apps/server/src/test/reliability.js';

const WEB_INDEX = path.resolve('apps/web/dist/index.html');

/**
 * The built app (as `npm start` runs it) on a fresh database: SQLite, or a new PostgreSQL schema when TEST_DATABASE_URL
 * is set.
 */
export interface RunningApp {
  url: string;
  database: 'sqlite' | 'postgres';
  /** Moves the server's clock forward (the test-only seam, ENABLE_TEST_CLOCK), e.g. to make words due. */
  moveClock(offsetMs: number): Promise<void>;
  /** Reads the app's database directly, for what no screen shows (a stored contact message). */
  rows<T>(query: string): Promise<T[]>;
  /** Everything the server printed, for failure reports. */
  output(): string;
  stop(): Promise<void>;
}

/** A fresh database for one run, and how to remove it afterwards. */
interface TestDatabase {
  url: string;
  kind: 'sqlite' | 'postgres';
  rows<T>(query: string): Promise<T[]>;
  drop(): Promise<void>;
}

function assertBuilt(): void {
  for (const file of [SERVER_ENTRY, WEB_INDEX]) {
    if (!fs.existsSync(file))
      throw new Error(`${path.relative(process.cwd(), file)} is missing: run "npm run build" first (npm test does)`);
  }
}

async function postgresSchema(adminUrl: string): Promise<TestDatabase> {
  const schema = `e2e_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create schema ${schema}`);
  // The server's pg pool passes `options` to PostgreSQL, so every connection of the app works in this schema.
  const scoped = new URL(adminUrl);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: scoped.toString(),
    kind: 'postgres',
    rows: <T>(query: string) => adminQuery<T>(scoped.toString(), query),
    drop: async () => {
      await adminQuery(adminUrl, `drop schema ${schema} cascade`);
    },
  };
}

function sqliteFile(): TestDatabase {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-e2e-'));
  const file = path.join(dir, 'e2e.db');
  return {
    url: `sqlite:${file}`,
    kind: 'sqlite',
    rows: async <T>(query: string) => {
      const db = new SQLite(file, { readonly: true, fileMustExist: true });
      try {
        return db.prepare(query).all() as T[];
      } finally {
        db.close();
      }
    },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** `env` adds to the server's environment (a mail server for e2e/email.spec.ts). */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  assertBuilt();
  const pgUrl = process.env.TEST_DATABASE_URL;
  const db = pgUrl ? await postgresSchema(pgUrl) : sqliteFile();
  let server: ServerProcess;
  try {
    server = await startBuiltServer({ DATABASE_URL: db.url, ENABLE_TEST_CLOCK: 'true', HOST: '127.0.0.1', ...env });
  } catch (err) {
    await db.drop();
    throw err;
  }
  return {
    url: server.url,
    database: db.kind,
    rows: db.rows,
    output: server.output,
    async moveClock(offsetMs) {
      const res = await fetch(`${server.url}/api/test/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ offsetMs }),
      });
      if (!res.ok) throw new Error(`moving the clock failed: ${res.status} ${await res.text()}`);
    },
    async stop() {
      server.child.kill('SIGTERM');
      // A server that ignores SIGTERM must not keep the run (and the port) alive.
      const killer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
      await server.exited;
      clearTimeout(killer);
      await db.drop();
    },
  };
}

async function adminQuery<T>(url: string, query: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(query)).rows as T[];
  } finally {
    await client.end();
  }
}
