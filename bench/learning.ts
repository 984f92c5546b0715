/**
 * `npm run bench:learning`: does the server's scheduling fit each learner? Simulated learners of several kinds
 * (bench/lib/memory-model.ts) study Spanish daily through the real HTTP API of the built server, the days passing
 * on the server's test clock and the server fitting their memory models each night; the same learners (same seed,
 * same draws per word) also study under FSRS's default parameters, under Leitner boxes, and under the limit: a
 * schedule that knows the true memory and reviews each word on the last day its recall is still at least the
 * desired retention. See docs/learning.md for the models, the assumptions and the figures.
 *
 * Environment: BENCH_SEED (default 1), BENCH_DAYS (default 60), BENCH_NEW (new words a day, default 15),
 * BENCH_LEARNERS (comma-separated names of the learners to run, default all), BENCH_DEFAULTS=0 to leave out the
 * FSRS-defaults runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiScheduler } from './lib/api-scheduler.js';
import { DAY_MS, FsrsLearner, type Learner, LearnerModel, MODEL } from './lib/memory-model.js';
import { type Child, startApp } from './lib/proc.js';
import { LEITNER, OracleScheduler, RuleScheduler, type Scheduler, type StudyOptions, study } from './lib/study.js';

const SEED = Number(process.env.BENCH_SEED ?? 1);
const OPTIONS: StudyOptions = {
  days: Number(process.env.BENCH_DAYS ?? 60),
  newPerDay: Number(process.env.BENCH_NEW ?? 15),
};
/** The app's default desired retention: the limit reviews at it, and "known" means recall at least this. */
const RETENTION = 0.9;
const TARGET = { known: 0.95, reviewsPerKnown: 1.2, recallPoints: 0.03 } as const;

const FIRST_SIGHT = {
  cognateShare: MODEL.cognateShare,
  cognateFirstRecall: MODEL.cognateFirstRecall,
  otherFirstRecall: MODEL.otherFirstRecall,
  easinessSpread: 0.3,
};

/** The learners: how each forgets is hidden from every schedule but the limit. */
const LEARNERS: Record<string, { label: string; make(seed: number): Learner }> = {
  default: {
    label: "forgets like FSRS's default learner",
    make: (seed) => new FsrsLearner(seed, { ...FIRST_SIGHT, speed: 1 }),
  },
  fast: {
    label: 'forgets faster (FSRS curve, memories form at 0.4×)',
    make: (seed) => new FsrsLearner(seed, { ...FIRST_SIGHT, speed: 0.4 }),
  },
  slow: {
    label: 'forgets slower (FSRS curve, memories form at 2.5×)',
    make: (seed) => new FsrsLearner(seed, { ...FIRST_SIGHT, speed: 2.5 }),
  },
  exponential: {
    label: 'another curve (exponential, half-lives from 1 day)',
    make: (seed) => new LearnerModel(seed, MODEL),
  },
};

interface Result {
  name: string;
  known: number;
  reviews: number;
  reviewsRight: number;
  recallAtReview: number;
  answers: number;
}

async function run(learner: Learner, scheduler: Scheduler, startMs: number): Promise<Result> {
  const totals = await study(scheduler, learner, OPTIONS, startMs);
  return { name: scheduler.name, known: learner.known(startMs + OPTIONS.days * DAY_MS, RETENTION), ...totals };
}

/** A run through the server: its own fresh database, so that each learner starts the server's clock anew. */
async function throughApi(make: () => Learner, fit: boolean): Promise<Result> {
  // In memory where the machine has a RAM disk: the simulation needs no durability, and fsyncs would dominate its time.
  const dir = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'vocab-bench-learning-'));
  let server: Child | undefined;
  try {
    server = await startApp({
      DATABASE_URL: `sqlite:${path.join(dir, 'learning.db')}`,
      ENABLE_TEST_CLOCK: 'true',
      NODE_ENV: 'test',
      MEMORY_FIT_INTERVAL_MINUTES: '0',
    });
    const api = new ApiScheduler(server.url, 'spanish', fit);
    await api.signUp();
    return await run(make(), api, Date.now());
  } catch (err) {
    if (server) console.error(server.stderr());
    throw err;
  } finally {
    await server?.stop();
    if (process.env.BENCH_KEEP_DB) console.error(`kept ${path.join(dir, 'learning.db')}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

const ratio = (a: number, b: number) => (b === 0 ? '—' : (a / b).toFixed(2));
const perKnown = (r: Result) => (r.known === 0 ? Infinity : r.reviews / r.known);
const meanRecall = (r: Result) => (r.reviews === 0 ? NaN : r.recallAtReview / r.reviews);

function table(rows: Array<{ learner: string; result: Result }>): string {
  const head = [
    'learner',
    'schedule',
    'words known',
    'reviews',
    'reviews per known word',
    'true recall at review',
    'right at review',
    'all answers',
  ];
  const cells = rows.map(({ learner, result: r }) => [
    learner,
    r.name,
    String(r.known),
    String(r.reviews),
    Number.isFinite(perKnown(r)) ? perKnown(r).toFixed(2) : '—',
    Number.isNaN(meanRecall(r)) ? '—' : meanRecall(r).toFixed(3),
    r.reviews === 0 ? '—' : `${((100 * r.reviewsRight) / r.reviews).toFixed(0)}%`,
    String(r.answers),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((row) => (row[i] ?? '').length)));
  const line = (c: string[]) =>
    c.map((x, i) => (i < 2 ? x.padEnd(widths[i] ?? 0) : x.padStart(widths[i] ?? 0))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();
  const names = (process.env.BENCH_LEARNERS ?? Object.keys(LEARNERS).join(',')).split(',').map((s) => s.trim());
  const withDefaults = process.env.BENCH_DEFAULTS !== '0';
  const rows: Array<{ learner: string; result: Result }> = [];
  const verdicts: string[] = [];
  // Each learner has its own servers (its own clock), so learners run side by side.
  const perLearner = await Promise.all(
    names.map(async (name) => {
      const kind = LEARNERS[name];
      if (!kind)
        throw new Error(`BENCH_LEARNERS: unknown learner "${name}" (known: ${Object.keys(LEARNERS).join(', ')})`);
      const make = () => kind.make(SEED);
      const [app, defaults] = await Promise.all([
        throughApi(make, true),
        withDefaults ? throughApi(make, false) : undefined,
      ]);
      const oracleLearner = make();
      const oracle = await run(oracleLearner, new OracleScheduler(oracleLearner, 0, RETENTION), 0);
      const leitner = await run(make(), new RuleScheduler(LEITNER), 0);
      console.error(`${name}: done (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      return { name, app, defaults, oracle, leitner };
    }),
  );
  for (const { name, app, defaults, oracle, leitner } of perLearner) {
    for (const result of [app, defaults, oracle, leitner]) if (result) rows.push({ learner: name, result });
    const knownOk = app.known >= TARGET.known * oracle.known;
    const costOk = perKnown(app) <= TARGET.reviewsPerKnown * perKnown(oracle);
    const recallOk = Math.abs(meanRecall(app) - RETENTION) <= TARGET.recallPoints;
    verdicts.push(
      `${name.padEnd(11)} known ${ratio(app.known, oracle.known)}× ` +
        `the limit's (≥ ${TARGET.known}: ${knownOk ? 'PASS' : 'MISS'}), ` +
        `reviews per known word ${ratio(perKnown(app), perKnown(oracle))}× ` +
        `(≤ ${TARGET.reviewsPerKnown}: ${costOk ? 'PASS' : 'MISS'}), ` +
        `true recall at review ${meanRecall(app).toFixed(3)} (${RETENTION} ± ${TARGET.recallPoints}: ` +
        `${recallOk ? 'PASS' : 'MISS'}; the limit's ${meanRecall(oracle).toFixed(3)})` +
        (defaults
          ? `; with FSRS's defaults: known ${ratio(defaults.known, oracle.known)}×, ` +
            `reviews per known ${ratio(perKnown(defaults), perKnown(oracle))}×, ` +
            `recall ${meanRecall(defaults).toFixed(3)}`
          : ''),
    );
  }
  console.log(
    `\nSimulated learners (seed ${SEED}), Spanish, ${OPTIONS.days} days, ${OPTIONS.newPerDay} new words a ` +
      `day, every due review done daily; known = true recall ≥ ${RETENTION} the day after the last session\n`,
  );
  for (const name of names) console.log(`  ${name.padEnd(11)} ${LEARNERS[name]?.label ?? ''}`);
  console.log(`\n${table(rows)}\n`);
  console.log(
    `Targets against the limit, for the app as it runs (fitted ` +
      `each night):\n${verdicts.map((v) => `  ${v}`).join('\n')}`,
  );
  console.log(`Run time ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await main();
