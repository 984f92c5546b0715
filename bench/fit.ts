/**
 * `npm run bench:fit`: what fitting a learner's memory model costs, against the size of their review log. For each
 * size a learner's log is written straight into a fresh database (a simulated FSRS-shaped learner studying Spanish
 * cards over months), then one pass of the server's fitter runs as in production: a fit process reads the log,
 * builds the optimizer's items and fits; the server stores the parameters and rewrites the cards' memory states.
 * Reported: the fit process's time and peak memory, the whole pass, and the server's event-loop delay meanwhile
 * (what answers in flight would wait). SQLite always; PostgreSQL too with BENCH_POSTGRES_URL or TEST_DATABASE_URL.
 *
 * Environment: BENCH_FIT_SIZES (comma-separated review counts, default 100,1000,10000,100000,300000).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { DatabaseTarget } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { loadDecks } from '../apps/server/src/modules/content/deck-loader.js';
import { Cards } from '../apps/server/src/modules/cards/cards.js';
import { MemoryFitter } from '../apps/server/src/modules/memory/fitter.js';
import { MemoryRepository } from '../apps/server/src/modules/memory/memory.repository.js';
import { DAY_MS } from './lib/memory-model.js';
import { writeLog } from './lib/fit-log.js';
import { ROOT } from './lib/proc.js';

const SIZES = (process.env.BENCH_FIT_SIZES ?? '100,1000,10000,100000,300000').split(',').map(Number);
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL;
const START = Date.UTC(2025, 0, 1, 9);
const quiet = {
  info: () => undefined,
  warn: (o: object, m: string) => console.error(m, o),
  error: (o: object, m: string) => console.error(m, o),
};

async function measure(kind: string, target: DatabaseTarget): Promise<string[]> {
  const db = openDatabase(target);
  const lines: string[] = [];
  try {
    await migrateToLatest(db);
    await loadDecks(db, path.join(ROOT, 'content'), START);
    for (const size of SIZES) {
      const learnerId = createHash('sha256').update(`fit-bench-${kind}-${size}`).digest('base64url').slice(0, 22);
      const log = await writeLog(db, learnerId, size, { start: START });
      const fitter = new MemoryFitter({
        target: db.target,
        models: new MemoryRepository(db, new Cards(db)),
        clock: () => START + 400 * DAY_MS,
        log: quiet,
        options: { fitTimeoutMs: 600_000 },
      });
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const started = performance.now();
      const pass = await fitter.runOnce();
      const wall = performance.now() - started;
      delay.disable();
      const fit = pass.fits.find((f) => f.learnerId === learnerId);
      lines.push(
        [
          kind,
          String(log.reviews),
          String(log.cards),
          fit?.outcome ?? 'none',
          fit ? `${(fit.ms / 1000).toFixed(2)}` : '—',
          fit ? String(Math.round(fit.peakRssBytes / 1_048_576)) : '—',
          (wall / 1000).toFixed(2),
          (delay.percentile(99) / 1e6).toFixed(1),
          (delay.max / 1e6).toFixed(1),
        ].join('\t'),
      );
      console.error(lines.at(-1));
    }
  } finally {
    await db.close();
  }
  return lines;
}

async function main(): Promise<void> {
  const results: string[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-bench-fit-'));
  try {
    results.push(...(await measure('sqlite', { kind: 'sqlite', file: path.join(dir, 'fit.db') })));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (POSTGRES) {
    const schema = `fit_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: POSTGRES });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    try {
      const scoped = new URL(POSTGRES);
      scoped.searchParams.set('options', `-c search_path=${schema}`);
      results.push(...(await measure('postgres', { kind: 'postgres', url: scoped.toString() })));
    } finally {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  }
  const head = [
    'database',
    'reviews',
    'cards',
    'outcome',
    'fit s',
    'fit peak MB',
    'pass s',
    'loop p99 ms',
    'loop max ms',
  ];
  console.log(
    `\nOne fit pass per log size (the fit in its own process; ` +
      `the pass includes storing the parameters and every card's new state)\n`,
  );
  console.log([head.join('\t'), ...results].join('\n'));
}

await main();
