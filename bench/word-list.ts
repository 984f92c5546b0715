/**
 * `npx tsx bench/word-list.ts` (after `npm run build`): the size and time of the original API's whole-list answers
 * (`GET /api/{language}` and the user-language records' `wordsLearned`) on the built server with the real decks, on
 * a fresh SQLite file. A learner with five languages who has answered 300 Spanish words asks for each list; sizes
 * raw, gzip and br, time per request (one at a time, browser-like Accept-Encoding) and the rate under load.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { load, median } from './lib/load.js';
import { startApp } from './lib/proc.js';

/** CPU time the server process has used, in ms (user + system, from /proc: steady under a shared machine's load). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const ORIGIN_HEADERS = { 'content-type': 'application/json' };
const SEQUENTIAL = 300;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-word-list-'));
const app = await startApp({ DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}` });
try {
  const call = async (method: string, url: string, body?: object, cookie?: string) => {
    const res = await fetch(app.url + url, {
      method,
      headers: { ...ORIGIN_HEADERS, ...(cookie ? { cookie } : {}) },
      body: body ? JSON.stringify(body) : null,
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res;
  };
  await call('POST', '/api/auth/signup', { username: 'bencher', password: 'correct horse' });
  const login = await call('POST', '/api/auth/login', { username: 'bencher', password: 'correct horse' });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { _id: userId } = (await login.json()) as { _id: string };
  for (const language of ['spanish', 'french', 'german', 'italian', 'portuguese'])
    await call('POST', '/api/users/languages', { language }, cookie);
  const words = (await (await call('GET', '/api/spanish', undefined, cookie)).json()) as Array<{ _id: string }>;
  for (const w of words.slice(0, 300)) await call('PATCH', `/api/spanish/${w._id}`, { verdict: 'correct' }, cookie);

  const targets: Array<[string, string, string | undefined]> = [
    ['GET /api/spanish (visitor)', '/api/spanish', undefined],
    ['GET /api/spanish (learner, 300 answered)', '/api/spanish', cookie],
    ['GET /api/spanish?limit=15&unlearned=true (quiz batch)', '/api/spanish?limit=15&unlearned=true', cookie],
    ['GET /api/users/languages/{userId}/languages/spanish', `/api/users/languages/${userId}/languages/spanish`, cookie],
    ['GET /api/users/languages/{userId} (5 languages)', `/api/users/languages/${userId}`, cookie],
  ];
  const rows: string[] = [
    '| Call | Words | Raw | gzip | br | server CPU ms per request ' +
      '| ms per request (median, p95) | req/s (10 connections) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const pid = app.proc.pid ?? 0;
  for (const [label, url, who] of targets) {
    const headers: Record<string, string> = who ? { cookie: who } : {};
    /** The bytes on the wire (undecoded) and their encoding. */
    const get = (encoding: string) =>
      new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
        http
          .get(app.url + url, { headers: { ...headers, 'accept-encoding': encoding } }, (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
          })
          .on('error', reject);
      });
    const raw = await get('identity');
    const gzip = await get('gzip');
    const br = await get('br');
    const body = (await (await fetch(app.url + url, { headers })).json()) as unknown;
    const count = Array.isArray(body)
      ? body.reduce(
          (n: number, item: unknown) =>
            n +
            (typeof item === 'object' && item && 'wordsLearned' in item ? (item.wordsLearned as unknown[]).length : 1),
          0,
        )
      : 0;
    const times: number[] = [];
    const cpuBefore = cpuMs(pid);
    for (let i = 0; i < SEQUENTIAL; i++) {
      const start = performance.now();
      await get('gzip, deflate, br');
      times.push(performance.now() - start);
    }
    const cpu = (cpuMs(pid) - cpuBefore) / SEQUENTIAL;
    times.sort((a, b) => a - b);
    const loaded = await load({
      url: app.url,
      connections: 10,
      seconds: 5,
      next: () => ({ path: url, headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' } }),
    });
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    rows.push(
      `| ${label} | ${count} | ${kb(raw.bytes)} | ` +
        `${gzip.encoding === 'gzip' ? kb(gzip.bytes) : '(not compressed)'} | ` +
        `${br.encoding === 'br' ? kb(br.bytes) : '(not compressed)'} | ${cpu.toFixed(1)} | ` +
        `${median(times).toFixed(1)}, ${(times[Math.floor(times.length * 0.95)] ?? NaN).toFixed(1)} ` +
        `| ${loaded.rps.toFixed(0)}${loaded.errors ? ` (${loaded.errors} errors)` : ''} |`,
    );
  }
  console.log(rows.join('\n'));
} finally {
  await app.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
