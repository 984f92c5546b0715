/**
 * `npm run bench:import`: what an import preview of one line `casa,` and a 5 MB field costs a stranger's server (no
 * session), and what it does to a plain read meanwhile: the file's parse alone and the whole preview's answer
 * (through the app, with its rate-limit write; medians of 9), then 10 rounds of
 * `GET /api/languages` sent while four such previews run, reporting the read's median and max. In process
 * (Fastify's inject) on a fresh SQLite database; the figures go in docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { readWordFile } from '../apps/server/src/modules/transfer/word-file.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-bench-import-'));
const db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'bench.db') });
await migrateToLatest(db);
const config = { ...loadConfig({ LOG_LEVEL: 'silent', MEMORY_FIT_INTERVAL_MINUTES: '0' }) };
const app = await buildApp({ config, db, webDir: null, logger: false, maintenanceIntervalMs: 0 });
const body = Buffer.from(`casa,${'a'.repeat(5 * 1024 * 1024 - 16)}`);
// Each preview from its own address: the previews' rate limit is not what is measured.
let address = 0;
const preview = () =>
  app.inject({
    method: 'POST',
    url: '/api/spanish/import/preview',
    payload: body,
    headers: { 'content-type': 'text/plain' },
    remoteAddress: `10.0.${Math.floor(++address / 250)}.${address % 250}`,
  });
const timed = async <T>(work: () => Promise<T>): Promise<[number, T]> => {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
};
/** The process's CPU time for `work` in ms: on a shared machine, the part of the wall time that is this work's. */
const cpuTimed = async (work: () => Promise<unknown>): Promise<number> => {
  const start = process.cpuUsage();
  await work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const parses: number[] = [];
const parseCpu: number[] = [];
for (let i = 0; i < 9; i++) {
  parses.push((await timed(() => readWordFile(body).catch(() => null)))[0]);
  parseCpu.push(await cpuTimed(() => readWordFile(body).catch(() => null)));
}
const previewCpu: number[] = [];
for (let i = 0; i < 9; i++) previewCpu.push(await cpuTimed(preview));
const alone: number[] = [];
let answer = '';
for (let i = 0; i < 9; i++) {
  const [ms, res] = await timed(preview);
  alone.push(ms);
  answer = `${res.statusCode} ${res.json<{ error?: { code: string } }>().error?.code ?? 'preview'}`;
}
const reads: number[] = [];
for (let round = 0; round < 10; round++) {
  const previews = [1, 2, 3, 4].map(preview);
  const [ms] = await timed(() => app.inject({ method: 'GET', url: '/api/languages' }));
  reads.push(ms);
  await Promise.all(previews);
}
console.log(
  `parse of a 5 MB field (readWordFile): median ${median(parses).toFixed(1)} ms, ` +
    `max ${Math.max(...parses).toFixed(1)} ms; CPU median ${median(parseCpu).toFixed(1)} ms`,
);
console.log(
  `preview of a 5 MB field through the app: CPU median ${median(previewCpu).toFixed(1)} ms, ` +
    `max ${Math.max(...previewCpu).toFixed(1)} ms`,
);
console.log(
  `preview of a 5 MB field, alone: median ${median(alone).toFixed(1)} ms, ` +
    `max ${Math.max(...alone).toFixed(1)} ms (${answer})`,
);
console.log(
  `GET /api/languages during four such previews: ` +
    `median ${median(reads).toFixed(1)} ms, max ${Math.max(...reads).toFixed(1)} ms`,
);
await app.close();
await db.close();
fs.rmSync(dir, { recursive: true, force: true });
