import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Endpoint } from '@vocab/api';
import type { FastifyInstance } from 'fastify';
import { ROOT_DIR } from '../config.js';
import type { Db } from '../db/database.js';
import { appTables } from './harness.js';

/** Helpers of the reliability suites (src/reliability): routes, table snapshots, and the built server. */

export interface RouteInfo {
  method: string;
  url: string;
  /** The packages/api declaration the route was registered from (lib/serve-endpoint.ts), if any. */
  endpoint?: Endpoint;
}

/**
 * The routes of every Fastify instance created after this module loads, as its `onRoute` hook saw them. The hook
 * is attached through Fastify's `fastify.initialization` diagnostics channel, published as an instance is created
 * and before any route is added, so buildApp needs no test-only option.
 */
const registeredRoutes = new WeakMap<FastifyInstance, RouteInfo[]>();
diagnostics.channel('fastify.initialization').subscribe((message) => {
  const { fastify } = message as { fastify: FastifyInstance };
  const routes: RouteInfo[] = [];
  registeredRoutes.set(fastify, routes);
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, endpoint: route.config?.endpoint });
  });
});

/**
 * Every registered route, so that a route added tomorrow is swept and CSRF-checked without anyone remembering to
 * list it. HEAD routes mirror GETs and are left out.
 */
export function listRoutes(app: FastifyInstance): RouteInfo[] {
  const registered = registeredRoutes.get(app);
  if (!registered) throw new Error('listRoutes: the app was built before test/reliability.js was loaded');
  const seen = new Set<string>();
  return registered.filter((route) => {
    const key = `${route.method} ${route.url}`;
    if (route.method === 'HEAD' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const STATE_CHANGING = (r: RouteInfo) => r.method !== 'GET' || r.url === '/api/auth/logout';

/**
 * A checksum per table of the app's database (order-independent), its tables listed by `appTables` so new ones are
 * covered. `rate_limits` and `login_throttle` are left out: counting refused attempts is their purpose.
 */
export async function snapshotTables(
  db: Db,
  except: readonly string[] = ['rate_limits', 'login_throttle'],
): Promise<Record<string, string>> {
  const tables = (await appTables(db)).filter((name) => !except.includes(name));
  const result: Record<string, string> = {};
  for (const table of tables) {
    const rows = await db.kysely
      .selectFrom(table as 'users')
      .selectAll()
      .execute();
    const lines = rows.map((r) => JSON.stringify(r)).sort();
    result[table] = `${rows.length}:${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// The built server, run as a child process: what production runs, killed and restarted for real.

export const SERVER_ENTRY = path.join(ROOT_DIR, 'apps/server/dist/server.js');

/**
 * Brings apps/server/dist up to date with the sources (a no-op costing well under a second when it is), once per
 * test process. Several test files run at once, so a lock directory makes them take turns.
 */
let built = false;
export async function ensureFreshBuild(): Promise<void> {
  if (built) return;
  const lock = path.join(os.tmpdir(), 'vocab-server-build.lock');
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // A lock left by a killed run is older than any build takes.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 120_000) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    execFileSync(process.execPath, [path.join(ROOT_DIR, 'node_modules/typescript/bin/tsc'), '-b', 'apps/server'], {
      cwd: ROOT_DIR,
      stdio: 'pipe',
    });
    built = true;
  } catch (err) {
    const out = (err as { stdout?: Buffer }).stdout?.toString() ?? String(err);
    throw new Error(`building apps/server failed:\n${out}`);
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `node apps/server/dist/server.js` on a free port and waits until /api/status answers 200, or with
 * `{ listening: true }` until it answers at all (a server started while its database is away answers 503).
 */
export async function startBuiltServer(
  env: Record<string, string>,
  wait: { listening?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT_DIR,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  while (Date.now() < deadline) {
    if (gone) throw new Error(`server exited before it was ready:\n${output}`);
    try {
      const res = await fetch(`${url}/api/status`);
      if (res.ok || wait.listening) return { url, child, output: () => output, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become ready in 30 s:\n${output}`);
}

/** A tiny cookie-keeping HTTP client for a server on a real port. */
export function httpClient(base: string) {
  let cookie: string | undefined;
  return {
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
    async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
      const res = await fetch(base + url, {
        method,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const set = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
      if (set) {
        const value = set.slice(4, set.indexOf(';'));
        cookie = value ? `sid=${value}` : undefined;
      }
      const text = await res.text();
      return { status: res.status, headers: res.headers, text, json: <T>() => JSON.parse(text) as T };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// A request that succeeds, per route: the base the sweep mutates, and the control of the CSRF test.

export const ACTIVE_LANGUAGES = ['spanish', 'french', 'german', 'italian', 'portuguese'] as const;

export interface RouteFixture {
  /** The account whose cookie is sent. */
  userId: string;
  /** A deck word per language. */
  wordIds: Record<string, string>;
  /** An answer of the account that may be taken back (routes with `:answerId`). */
  answerId?: string;
  /** One of the account's own words (the routes under /own-words/). */
  ownWordId?: string;
  /** The public id of one of the account's sessions (DELETE /api/account/sessions/:id). */
  sessionId?: string;
  /** Tokens of the account's confirmation and reset links, and its unsubscribe signature. */
  confirmToken?: string;
  resetToken?: string;
  unsubscribeSignature?: string;
}

/** The language a route is about: the one in its path, or Spanish. */
export const languageOf = (url: string): string =>
  ACTIVE_LANGUAGES.find((l) => url.startsWith(`/api/${l}`)) ?? 'spanish';

/** A valid URL and body for `route`; an unknown route gets its parameters filled with a plausible value and no body. */
export function validRequest(
  route: RouteInfo,
  f: RouteFixture,
): { url: string; payload?: object; headers?: Record<string, string> } {
  const language = languageOf(route.url);
  const wordId = f.wordIds[language] ?? '1';
  let url = route.url
    .replace('/api/account/sessions/:id', `/api/account/sessions/${f.sessionId ?? '0'.repeat(32)}`)
    .replace('/own-words/:id', `/own-words/${f.ownWordId ?? wordId}`)
    .replace(':id', wordId)
    .replace(':answerId', f.answerId ?? 'answer-00000001')
    .replace(/:key(?=\/languages\/|$)/, f.userId)
    .replace(':key', language)
    .replace(':language', language)
    .replace(/:[A-Za-z]+/g, language);
  if (url.includes('/quiz/answer-word')) url += `?language=${language}&wordId=${wordId}`;
  if (url.endsWith('/words/unlearned')) url += `?language=${language}`;
  if (url === '/api/reminders/unsubscribe') url += `?u=${f.userId}&s=${f.unsubscribeSignature ?? 'x'.repeat(43)}`;
  const payloads: Array<[RegExp, object]> = [
    [/^POST \/api\/auth\/signup$/, { username: 'newcomer', password: 'correct horse' }],
    [/^POST \/api\/auth\/login$/, { username: 'victim', password: 'correct horse' }],
    // The password is "changed" to itself, so the account stays usable for the routes after it.
    [/^POST \/api\/account\/password$/, { currentPassword: 'correct horse', newPassword: 'correct horse' }],
    [/^POST \/api\/account\/delete$/, { password: 'correct horse' }],
    [/^POST \/api\/contact$/, { name: 'Eve', email: 'eve@example.com', message: 'hello' }],
    [/^POST \/api\/users\/languages$/, { language: 'german' }],
    [/^PATCH \/api\/settings$/, { theme: 'dark', dailyGoal: 30 }],
    [/^POST \/api\/account\/email$/, { address: 'victim@example.com' }],
    [/^POST \/api\/account\/email\/confirm$/, { token: f.confirmToken ?? 'x'.repeat(43) }],
    [/^POST \/api\/auth\/forgot-password$/, { identifier: 'victim' }],
    [/^POST \/api\/auth\/reset-password$/, { token: f.resetToken ?? 'x'.repeat(43), password: 'correct horse' }],
    [/^PATCH \/api\/reminders$/, { hour: 9 }],
    [/^POST \/api\/[a-z]+$/, { word: 'zzcsrf', translation: 'forged' }],
    [/^PATCH \/api\/[^/]+\/own-words\//, { word: 'zzrenamed', translation: 'renamed' }],
    [/^PATCH /, { verdict: 'correct', typed: 'hola', answerId: 'valid-answer-1', sessionId: 'valid-session-1' }],
    [/^POST \/api\/[a-z]+\/placement\/next$/, { answers: [] }],
    // New words from the deck's start (the test deck of 40 has one band).
    [/^POST \/api\/[a-z]+\/bands\/start$/, { first: 1 }],
    // A finished test of a beginner: "I don't know" to every word the test asks of a deck of 40 (ids follow ranks).
    [
      /^POST \/api\/[a-z]+\/placement$/,
      { answers: Array.from({ length: 36 }, (_, i) => ({ wordId: Number(wordId) + i, typed: null })) },
    ],
  ];
  // An import takes a file's bytes, not JSON.
  if (/^\/api\/[a-z]+\/import(\/preview)?$/.test(route.url))
    return { url, payload: Buffer.from('zzimport\tforged\n'), headers: { 'content-type': 'text/plain' } };
  const payload = payloads.find(([re]) => re.test(`${route.method} ${route.url}`))?.[1];
  return { url, payload };
}

/** Fills the disk `file` is on to the last byte by writing `file`, then gives `room` bytes back. */
export function fillDisk(file: string, room = 0): void {
  const fd = fs.openSync(file, 'w');
  try {
    for (const size of [64 * 1024, 1]) {
      const block = Buffer.alloc(size);
      try {
        for (;;) fs.writeSync(fd, block);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
    }
    if (room > 0) fs.ftruncateSync(fd, Math.max(0, fs.fstatSync(fd).size - room));
  } finally {
    fs.closeSync(fd);
  }
}
