import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, type DatabaseTarget, ROOT_DIR, loadConfig } from '../config.js';
import { type DatabaseOptions, type Db, openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { loadDeck } from '../modules/content/deck-loader.js';
import { LANGUAGES } from '@vocab/core';
import { randomToken } from '../lib/tokens.js';

/** Words per deck in test databases: the head of each real deck, so tests stay fast on PostgreSQL too. */
export const TEST_DECK_SIZE = 40;

/** The first `size` words of a real deck, in deck format. */
export function deckHead(code: string, size: number): string {
  const lines = fs.readFileSync(path.join(ROOT_DIR, 'content/decks', `${code}.tsv`), 'utf8').split('\n');
  const header = lines.findIndex((l) => l.startsWith('word\t'));
  return lines.slice(0, header + 1 + size).join('\n');
}

export async function seedDecks(db: Db, size = TEST_DECK_SIZE): Promise<void> {
  for (const language of LANGUAGES) await loadDeck(db, { language, text: deckHead(language.code, size) }, 0);
}

/** The databases every integration suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DATABASES: Array<{ name: 'sqlite' | 'postgres'; url?: string }> = [
  { name: 'sqlite' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres' as const, url: process.env.TEST_DATABASE_URL }] : []),
];

export interface TestDatabase {
  db: Db;
  target: DatabaseTarget;
  drop(): Promise<void>;
}

/** One statement on its own connection, outside any test schema: creating and dropping schemas, breaking things. */
export async function postgresAdmin(url: string, query: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * The app's tables in this database only: Kysely's introspector lists every schema of a PostgreSQL database and asks
 * each table's serial sequence, which fails when another test drops its schema at that moment.
 */
export async function appTables(db: Db): Promise<string[]> {
  const { rows } =
    db.dialect === 'postgres'
      ? await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and
          table_type = 'BASE TABLE'`.execute(db.kysely)
      : await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely);
  return rows
    .map((r) => r.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();
}

/**
 * A fresh, migrated database: a temporary SQLite file, or a new PostgreSQL schema. `upTo` stops at that
 * migration, for a test of the next one.
 */
export async function createTestDatabase(
  kind: 'sqlite' | 'postgres',
  url?: string,
  upTo?: string,
): Promise<TestDatabase> {
  const { target, remove } = kind === 'sqlite' ? sqliteTarget() : await postgresTarget(url ?? '');
  const db = openDatabase(target);
  await migrateToLatest(db, upTo);
  return {
    db,
    target,
    drop: async () => {
      await db.close();
      await remove();
    },
  };
}

/** Where a test database lives, and how to remove it once closed. */
interface TestTarget {
  target: DatabaseTarget;
  remove(): Promise<void> | void;
}

function sqliteTarget(): TestTarget {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-test-'));
  return {
    target: { kind: 'sqlite', file: path.join(dir, 'test.db') },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresTarget(url: string): Promise<TestTarget> {
  const schema = `t_${randomToken(9)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  await postgresAdmin(url, `create schema ${schema}`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return {
    target: { kind: 'postgres', url: scoped.toString() },
    remove: async () => {
      await postgresAdmin(url, `drop schema ${schema} cascade`);
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  // No fits on a timer in tests: a test that wants one runs a pass itself (app.memoryFitter.runOnce()).
  return { ...loadConfig({ LOG_LEVEL: 'silent', MEMORY_FIT_INTERVAL_MINUTES: '0' }), ...overrides };
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  /** The frozen clock; tests move it with `clock.advance(ms)`. */
  clock: TestClock;
}

export interface TestClock {
  (): number;
  set(ms: number): void;
  advance(ms: number): void;
}

export function testClock(start = Date.UTC(2026, 0, 15, 12)): TestClock {
  let now = start;
  const clock = (() => now) as TestClock;
  clock.set = (ms) => {
    now = ms;
  };
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

/**
 * Runs `suite` once per test database; each test gets a fresh database and app.
 * Usage: describeEachDatabase('auth', (ctx) => { it('…', async () => { ctx().app … }) })
 */
export function describeEachDatabase(name: string, suite: (ctx: () => TestContext) => void): void {
  for (const database of TEST_DATABASES) {
    describe(`${name} [${database.name}]`, () => {
      let current: (TestContext & { drop(): Promise<void> }) | undefined;
      beforeEach(async () => {
        const tdb = await createTestDatabase(database.name, database.url);
        await seedDecks(tdb.db);
        const clock = testClock();
        const app = await buildApp({ config: testConfig(), db: tdb.db, clock, webDir: null, logger: false });
        current = { app, db: tdb.db, clock, drop: tdb.drop };
      });
      afterEach(async () => {
        await current?.app.close();
        await current?.drop();
        current = undefined;
      });
      suite(() => {
        if (!current) throw new Error('test context used outside a test');
        return current;
      });
    });
  }
}

/**
 * Another app on a test's database and clock (a second instance, or one configured otherwise), with no maintenance
 * on a timer; the caller closes it.
 */
export function appOn(on: { db: Db; clock: TestClock }, overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  return buildApp({
    config: testConfig(overrides),
    db: on.db,
    clock: on.clock,
    webDir: null,
    logger: false,
    maintenanceIntervalMs: 0,
  });
}

/** An app with a database connection of its own; `close` closes both. */
export interface OwnConnectionApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

/**
 * Another instance on the test's database and clock through a connection of its own, as another server of the same
 * deployment: it hears nothing of the other apps' statements.
 */
export async function appOnOwnConnection(
  on: { db: Db; clock: TestClock },
  options: DatabaseOptions = {},
): Promise<OwnConnectionApp> {
  const db = openDatabase(on.db.target, options);
  const app = await appOn({ db, clock: on.clock });
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/**
 * An app on the test's database that logs every statement it sends, as Kysely sends it, and on PostgreSQL every
 * round trip, with the statements it carries.
 */
export interface StatementLog extends OwnConnectionApp {
  statements: string[];
  roundTrips: Array<readonly string[]>;
}

export async function appWithStatementLog(ctx: TestContext): Promise<StatementLog> {
  const statements: string[] = [];
  const roundTrips: Array<readonly string[]> = [];
  const app = await appOnOwnConnection(ctx, {
    logQuery: (sql) => statements.push(sql),
    logRoundTrip: (sent) => roundTrips.push(sent),
  });
  return { ...app, statements, roundTrips };
}

/** The cookie header to send back, from a response's Set-Cookie. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `sid=${cookie.value}`;
}

/** Signs up and logs in; returns the session cookie and the user's id. */
export async function loginAs(
  app: FastifyInstance,
  username = 'learner',
  password = 'correct horse',
): Promise<{ cookie: string; userId: string }> {
  const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password } });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return { cookie: sessionCookie(login), userId: login.json<{ userData: { _id: string } }>().userData._id };
}

/**
 * A visitor's calls through the app, keeping the guest cookie the first answer sets: resolves to the JSON body,
 * rejects on any status of 300 or more with the status and body.
 */
export function visitorClient(app: FastifyInstance) {
  let cookie: string | undefined;
  return async <T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<T> => {
    const res = await app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
    const set = res.cookies.find((c) => c.name === 'sid');
    if (set?.value) cookie = `sid=${set.value}`;
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  };
}
