/**
 * `npm run bench:learning`: does the server's scheduling make a daily learner learn much for few reviews? A
 * simulated learner (bench/lib/memory-model.ts) studies Spanish for 60 days through the real HTTP API of the built
 * server, the days passing on the server's test clock; the same learner (same seed) is then run under Leitner boxes
 * and under a fixed two-day rule, simulated here. See docs/learning.md for the model, its assumptions and figures.
 *
 * Environment: BENCH_SEED (default 1), BENCH_DAYS (default 60), BENCH_MODEL (JSON overriding some of the memory
 * model's parameters, e.g. '{"firstHalfLife":2}', to see how much a conclusion depends on them; the figures of
 * docs/learning.md are with the defaults unless it says otherwise).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ApiScheduler } from './lib/api-scheduler.js';
import { DAY_MS, LearnerModel, MODEL, type ModelParameters } from './lib/memory-model.js';
import { type Child, startApp } from './lib/proc.js';
import { EVERY_TWO_DAYS, LEITNER, RuleScheduler, type Scheduler, type StudyOptions, study } from './lib/study.js';

const SEED = Number(process.env.BENCH_SEED ?? 1);
const PARAMETERS: ModelParameters = { ...MODEL, ...(JSON.parse(process.env.BENCH_MODEL ?? '{}') as Partial<ModelParameters>) };
for (const [key, value] of Object.entries(PARAMETERS)) {
  if (!(key in MODEL) || typeof value !== 'number') throw new Error(`BENCH_MODEL: unknown parameter or not a number: ${key}`);
}
const OPTIONS: StudyOptions = { days: Number(process.env.BENCH_DAYS ?? 60), newPerDay: 10 };
/** A word is known when the learner's recall probability is at least this at the start of the day after the last session. */
const KNOWN_AT = 0.9;
const TARGET = { reviewsPerKnown: 0.75 } as const;

interface Result {
  name: string;
  known: number;
  reviews: number;
  reviewsRight: number;
  answers: number;
}

async function run(scheduler: Scheduler, startMs: number): Promise<Result> {
  const model = new LearnerModel(SEED, PARAMETERS);
  const totals = await study(scheduler, model, OPTIONS, startMs);
  return { name: scheduler.name, known: model.known(startMs + OPTIONS.days * DAY_MS, KNOWN_AT), ...totals };
}

/** Scheduled reviews the server logged, by the card's FSRS state before the answer. */
function reviewsByState(file: string): Record<string, number> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('select state, count(*) as n from reviews where scheduled = 1 group by state').all() as Array<{ state: number; n: number }>;
    const names = ['new (first sight)', 'learning steps', 'review', 'relearning steps'];
    return Object.fromEntries(rows.map((r) => [names[r.state] ?? `state ${r.state}`, r.n]));
  } finally {
    db.close();
  }
}

function table(results: Result[]): string {
  const head = ['schedule', 'words known', 'reviews', 'reviews per known word', 'right at review', 'all answers'];
  const rows = results.map((r) => [
    r.name,
    String(r.known),
    String(r.reviews),
    r.known === 0 ? '—' : (r.reviews / r.known).toFixed(2),
    r.reviews === 0 ? '—' : `${((100 * r.reviewsRight) / r.reviews).toFixed(0)}%`,
    String(r.answers),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-bench-learning-'));
  const file = path.join(dir, 'learning.db');
  let server: Child | undefined;
  try {
    server = await startApp({ DATABASE_URL: `sqlite:${file}`, ENABLE_TEST_CLOCK: 'true', NODE_ENV: 'test' });
    const api = new ApiScheduler(server.url, 'spanish');
    await api.signUp();
    const fsrs = await run(api, Date.now());
    const byState = reviewsByState(file);
    await server.stop();
    server = undefined;

    const results = [fsrs, await run(new RuleScheduler(LEITNER), 0), await run(new RuleScheduler(EVERY_TWO_DAYS), 0)];
    const leitner = results[1];
    console.log(
      `\nSimulated learner (seed ${SEED}), Spanish, ${OPTIONS.days} days, ${OPTIONS.newPerDay} new words a day; ` +
        `known = recall probability ≥ ${KNOWN_AT} on day ${OPTIONS.days}\n`,
    );
    console.log(table(results));
    console.log(`\nServer's scheduled answers by FSRS state before the answer: ${Object.entries(byState).map(([k, n]) => `${k} ${n}`).join(', ')}`);
    if (leitner) {
      const ratio = fsrs.reviews / fsrs.known / (leitner.reviews / leitner.known);
      const knownOk = fsrs.known >= leitner.known;
      const ratioOk = ratio <= TARGET.reviewsPerKnown;
      console.log(
        `Target: FSRS knows at least as many words as Leitner (${fsrs.known} vs ${leitner.known}: ${knownOk ? 'PASS' : 'MISS'}), ` +
          `with at most ${TARGET.reviewsPerKnown}× its reviews per known word (${ratio.toFixed(2)}×: ${ratioOk ? 'PASS' : 'MISS'})`,
      );
    }
    console.log(`Model: ${JSON.stringify(PARAMETERS)}${process.env.BENCH_MODEL ? ' (BENCH_MODEL overrides the defaults)' : ''}`);
    console.log(`Run time ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (err) {
    if (server) console.error(server.stderr());
    throw err;
  } finally {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
