/**
 * `npm run bench:fleet`: the memory fitter and the reminder pass at 100,000 learners, 20,000 of them active in a day.
 *
 * 1. The cost of one fit, for real: a sample of learners (BENCH_FLEET_SAMPLE, default 200) with the logs a month or
 *    two of study gives (1,000 to 4,000 reviews), fitted by one pass of the server's fitter as production runs it
 *    (one fit process, the optimizer, the cards' new states stored). Its wall time per fit is the measured cost.
 * 2. A day's discovery and queue, for real, at the measured cost: 100,000 learners (each with an older history the
 *    cursor is past), 20,000 of whom studied one session of 50 new words yesterday (enough reviews to be tried, too
 *    young a log to fit: each try ends "too few usable", so no optimizer runs). Passes of the real fitter (its
 *    discovery steps, cursor, claims and fit process) run as the timer runs them, every 10 minutes with 80% of it to
 *    fit, on a clock that charges each fit the cost measured in part 1: how many passes, and how long, until every
 *    active learner has been tried.
 * 3. A day of reminder passes, one an hour, over the same 100,000 learners, all opted in, spread over the 24 UTC hours
 *    (1,000 at 03:00, none at 07:00, 4,000 at 11:00, 10,000 at 19:00, 4,250 in each other hour), with a week of
 *    earlier reminders claimed: each pass's time beside the number due in its hour. On PostgreSQL, the plan of the
 *    candidates query too.
 *
 * SQLite always; PostgreSQL too with BENCH_POSTGRES_URL or TEST_DATABASE_URL (a schema of its own, dropped after).
 * BENCH_FLEET_LEARNERS (default 100,000; a fifth of them active) scales parts 2 and 3.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../apps/server/src/config.js';
import { type Db, openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { Mailer } from '../apps/server/src/lib/mail-queue.js';
import { EmailRepository } from '../apps/server/src/modules/account/email.repository.js';
import { Cards } from '../apps/server/src/modules/cards/cards.js';
import { loadDecks } from '../apps/server/src/modules/content/deck-loader.js';
import { DEFAULT_PASS_MS, MemoryFitter } from '../apps/server/src/modules/memory/fitter.js';
import { MemoryRepository } from '../apps/server/src/modules/memory/memory.repository.js';
import { LinkSigner } from '../apps/server/src/modules/reminders/link-signer.js';
import { ReminderJob } from '../apps/server/src/modules/reminders/reminder-job.js';
import { RemindersRepository } from '../apps/server/src/modules/reminders/reminders.repository.js';
import { RemindersService } from '../apps/server/src/modules/reminders/reminders.service.js';
import { writeLog } from './lib/fit-log.js';
import { DAY_MS } from './lib/memory-model.js';
import { ROOT } from './lib/proc.js';

const SAMPLE = Number(process.env.BENCH_FLEET_SAMPLE ?? 200);
const LEARNERS = Number(process.env.BENCH_FLEET_LEARNERS ?? 100_000);
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL;
/** BENCH_FLEET_FITS=0: the reminder day alone (parts 1 and 2 left out). BENCH_FLEET_SQLITE=0: PostgreSQL alone. */
const FITS = process.env.BENCH_FLEET_FITS !== '0';
const SQLITE = process.env.BENCH_FLEET_SQLITE !== '0';
/** The production timer: MEMORY_FIT_INTERVAL_MINUTES' default, and the pass's 80% of it (fitter.ts). */
const INTERVAL_MS = 10 * 60_000;
/** The day the active learners studied; the fitter and the reminders run the day after. */
const DAY0 = Date.UTC(2026, 2, 2);
const OLD_REVIEWS = 20;
const NEW_REVIEWS = 50;
/** Learners per UTC reminder hour, out of 100,000 (scaled with BENCH_FLEET_LEARNERS). */
const SPECIAL_HOURS: Record<number, number> = { 3: 1_000, 7: 0, 11: 4_000, 19: 10_000 };
const HOUR_MS = 3_600_000;
const quiet = {
  info: () => undefined,
  warn: (o: object, m: string) => console.error(m, o),
  error: (o: object, m: string) => console.error(m, o),
};
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const log = (line: string) => console.error(`${new Date().toISOString().slice(11, 19)} ${line}`);
const ms = (start: number) => performance.now() - start;
const seconds = (ms?: number) => ((ms ?? 0) / 1000).toFixed(1);

interface FitCost {
  fits: number;
  reviews: number;
  passMs: number;
  perFitMs: number;
  fitP50Ms: number;
  fitP90Ms: number;
  peakMb: number;
  load: string;
}

/** Part 1: a sample of month-or-two learners fitted for real, in one pass. */
async function fitCost(target: DatabaseTarget): Promise<FitCost> {
  const db = openDatabase(target);
  try {
    await migrateToLatest(db);
    await loadDecks(db, path.join(ROOT, 'content'), DAY0);
    let reviews = 0;
    for (let j = 0; j < SAMPLE; j++) {
      const size = Math.round(1_000 + (3_000 * j) / Math.max(1, SAMPLE - 1));
      reviews += (await writeLog(db, `sample-${j}`, size, { start: DAY0 - 60 * DAY_MS, seed: j + 1 })).reviews;
    }
    log(`part 1: ${SAMPLE} logs written (${reviews} reviews), fitting`);
    const fitter = new MemoryFitter({
      target: db.target,
      models: new MemoryRepository(db, new Cards(db)),
      clock: () => DAY0 + DAY_MS,
      log: quiet,
      options: { fitTimeoutMs: 600_000 },
    });
    const started = performance.now();
    const pass = await fitter.runOnce();
    const passMs = ms(started);
    const fitMs = pass.fits.map((f) => f.ms).sort((a, b) => a - b);
    if (pass.fitted !== SAMPLE) throw new Error(`expected ${SAMPLE} fits, got ${JSON.stringify({ ...pass, fits: 0 })}`);
    return {
      fits: pass.fitted,
      reviews,
      passMs,
      perFitMs: passMs / pass.fitted,
      fitP50Ms: fitMs[Math.floor(fitMs.length / 2)] ?? 0,
      fitP90Ms: fitMs[Math.floor(fitMs.length * 0.9)] ?? 0,
      peakMb: Math.max(...pass.fits.map((f) => f.peakRssBytes)) / 1_048_576,
      load: load(),
    };
  } finally {
    await db.close();
  }
}

const hourCounts = (): number[] => {
  const scale = LEARNERS / 100_000;
  const special = Object.values(SPECIAL_HOURS).reduce((a, b) => a + b, 0);
  const rest = (100_000 - special) / (24 - Object.keys(SPECIAL_HOURS).length);
  return Array.from({ length: 24 }, (_, h) => Math.round((SPECIAL_HOURS[h] ?? rest) * scale));
};

/**
 * Parts 2 and 3's learners, written by set-based statements (a few million rows): accounts with a confirmed address
 * and a reminder, a Spanish history of 20 first answers a month back (cards, some due), and for every fifth learner
 * a session of 50 first answers at a time of yesterday of their own, the day's reviews in the order they came.
 */
async function seedFleet(db: Db): Promise<{ seconds: number; rows: Record<string, number> }> {
  const started = performance.now();
  const k = db.kysely;
  const counts = hourCounts();
  let bound = 0;
  const hourOf = counts.map((n, h) => `when i <= ${(bound += n)} then ${h}`).join(' ');
  const words = await k
    .selectFrom('words')
    .select('id')
    .where('language', '=', 'spanish')
    .where('owner_id', 'is', null)
    .orderBy('rank')
    .limit(OLD_REVIEWS + NEW_REVIEWS)
    .execute();
  // Times in ms as bigint on PostgreSQL, where a product of integer literals would overflow int4.
  const big = (n: number) => sql`cast(${sql.lit(n)} as bigint)`;
  await k.transaction().execute(async (trx) => {
    await sql`create table bench_seq (i integer primary key)`.execute(trx);
    await sql`with recursive s(i) as (select 1 union all select i + 1 from s where i < ${sql.lit(LEARNERS)})
      insert into bench_seq (i) select i from s`.execute(trx);
    await sql`create table bench_words (k integer primary key, word_id integer not null)`.execute(trx);
    const wordRows = words.map((w, i) => sql`(${sql.lit(i + 1)}, ${sql.lit(w.id)})`);
    await sql`insert into bench_words (k, word_id) values ${sql.join(wordRows)}`.execute(trx);
    const created = big(DAY0 - 90 * DAY_MS);
    await sql`insert into users (id, username, username_key, password_hash, created_at)
      select 'L' || i, 'learner' || i, 'learner' || i, null, ${created} from bench_seq`.execute(trx);
    await sql`insert into user_languages (user_id, language, added_at)
      select 'L' || i, 'spanish', ${created} from bench_seq`.execute(trx);
    await sql`insert into account_emails (user_id, address, address_key, confirmed_at)
      select 'L' || i, 'learner' || i || '@example.com', 'learner' || i || '@example.com', ${created}
      from bench_seq`.execute(trx);
    await sql`insert into reminder_settings (user_id, enabled, hour, time_zone, days, utc_hour, updated_at)
      select 'L' || i, 1, h, 'UTC', '1,2,3,4,5,6,7', h, ${created}
      from (select i, case ${sql.raw(hourOf)} else 23 end as h from bench_seq) x`.execute(trx);
    // A week of reminders already claimed, before the day the passes run.
    for (let d = 1; d <= 7; d++) {
      const date = new Date(DAY0 + DAY_MS - d * DAY_MS).toISOString().slice(0, 10);
      await sql`insert into reminder_sends (user_id, local_date, claimed_at)
        select 'L' || i, ${date}, ${big(DAY0 + DAY_MS - d * DAY_MS)} + ${big(HOUR_MS)} * (i % 24)
        from bench_seq`.execute(trx);
    }
    const old = big(DAY0 - 30 * DAY_MS);
    const review = (at: ReturnType<typeof sql>, filter: ReturnType<typeof sql>) => sql`
      insert into reviews (learner_id, word_id, direction, answer_id, session_id, rating, verdict, typed, scheduled,
        previous, state, elapsed_days, scheduled_days, reviewed_at)
      select 'L' || s.i, w.word_id, 'recognise', null, null, 3, 'correct', '', 1, null, 0, 0, 0, ${at}
      from bench_seq s cross join bench_words w where ${filter}
      order by ${at}, s.i, w.k`;
    // The older history first (the fitter's cursor is past it), then yesterday's sessions in the order they came.
    await review(
      sql`${old} + ((s.i * 7919) % 86400) * 1000 + (w.k - ${sql.lit(NEW_REVIEWS)}) * 12000`,
      sql`w.k > ${sql.lit(NEW_REVIEWS)}`,
    ).execute(trx);
    await review(
      sql`${big(DAY0)} + ((s.i * 7919) % 86400) * 1000 + w.k * 12000`,
      sql`w.k <= ${sql.lit(NEW_REVIEWS)} and s.i % 5 = 0`,
    ).execute(trx);
    await sql`insert into progress (learner_id, word_id, language, direction, due, stability, difficulty, elapsed_days,
        scheduled_days, learning_steps, reps, lapses, state, last_review, last_rating, answered_correctly,
        last_failed_at, updated_at)
      select 'L' || s.i, w.word_id, 'spanish', 'recognise',
        ${old} + (w.k - ${sql.lit(NEW_REVIEWS)}) * ${big(3 * DAY_MS)},
        3, 5, 0, 3, 0, 1, 0, 2, ${old}, 3, 1, null, ${old}
      from bench_seq s cross join bench_words w where w.k > ${sql.lit(NEW_REVIEWS)}`.execute(trx);
    await sql`update memory_fit_cursor
      set after_review_id = (select max(id) from reviews where reviewed_at < ${big(DAY0)})`.execute(trx);
    await sql`drop table bench_words`.execute(trx);
    await sql`drop table bench_seq`.execute(trx);
  });
  if (db.dialect === 'postgres') await sql`analyze`.execute(k);
  const rows: Record<string, number> = {};
  for (const table of ['users', 'reviews', 'progress', 'reminder_settings', 'reminder_sends'] as const) {
    const r = await k
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    rows[table] = Number(r.n);
  }
  return { seconds: ms(started) / 1000, rows };
}

interface FleetRun {
  active: number;
  tried: number;
  passes: number;
  steps: number;
  simulatedHours: number;
  realSeconds: number;
  passRealMs: number[];
  fitsPerPass: number[];
  load: string;
}

/** A clock that runs with real time and also charges each fit the cost part 1 measured, and jumps to the next tick. */
class FleetClock {
  private readonly realStart = performance.now();
  private charged = 0;
  constructor(private readonly start: number) {}
  // Whole milliseconds, as Date.now gives: the database keeps times as integers.
  now = (): number => Math.round(this.start + (performance.now() - this.realStart) + this.charged);
  charge(ms: number): void {
    this.charged += ms;
  }
}

/** The fitter's repository, but each fit attempt's end charges the measured cost of a real fit to the clock. */
class ChargedRepository extends MemoryRepository {
  attempts = 0;
  constructor(
    db: Db,
    private readonly clock: FleetClock,
    private readonly perFitMs: number,
  ) {
    super(db, new Cards(db));
  }
  override async saveTooFew(...args: Parameters<MemoryRepository['saveTooFew']>): Promise<void> {
    this.attempts++;
    this.clock.charge(this.perFitMs);
    await super.saveTooFew(...args);
  }
}

/** Part 2: passes as the timer runs them until every active learner has been tried. */
async function fleetFits(db: Db, perFitMs: number): Promise<FleetRun> {
  const clock = new FleetClock(DAY0 + DAY_MS);
  const repository = new ChargedRepository(db, clock, perFitMs);
  const fitter = new MemoryFitter({
    target: db.target,
    models: repository,
    clock: clock.now,
    log: quiet,
    options: { passBudgetMs: DEFAULT_PASS_MS },
  });
  const active = Math.floor(LEARNERS / 5);
  const started = performance.now();
  const run: FleetRun = {
    active,
    tried: 0,
    passes: 0,
    steps: 0,
    simulatedHours: 0,
    realSeconds: 0,
    passRealMs: [],
    fitsPerPass: [],
    load: '',
  };
  const tried = async () =>
    Number(
      (
        await db.kysely
          .selectFrom('memory_models')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('attempted_at', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
  while (run.tried < active) {
    const passStart = clock.now();
    const before = repository.attempts;
    const real = performance.now();
    const pass = await fitter.runOnce();
    run.passRealMs.push(ms(real));
    run.fitsPerPass.push(repository.attempts - before);
    run.passes++;
    run.steps += pass.steps;
    run.tried = await tried();
    if (pass.failed > 0 || pass.fitted > 0) throw new Error(`unexpected pass: ${JSON.stringify({ ...pass, fits: 0 })}`);
    if (pass.processes === 0) break;
    run.simulatedHours = (clock.now() - (DAY0 + DAY_MS)) / HOUR_MS;
    if (run.passes % 10 === 0)
      log(`part 2: ${run.passes} passes, ${run.tried} tried, ${run.simulatedHours.toFixed(1)} h`);
    // The next pass starts at the timer's next tick (a tick during a pass is skipped: lib/periodic.ts).
    const elapsed = clock.now() - passStart;
    clock.charge(Math.ceil(elapsed / INTERVAL_MS) * INTERVAL_MS - elapsed);
  }
  run.realSeconds = ms(started) / 1000;
  run.load = load();
  return run;
}

interface ReminderRow {
  hour: number;
  due: number;
  candidates: number;
  queued: number;
  ms: number;
  /** This process's CPU time: on SQLite, the whole pass's; on PostgreSQL, the server's own is not in it. */
  cpuMs: number;
  /** Statements the pass sent: a count the machine's load does not move. */
  statements: number;
  load: string;
}

/** A mailer that leaves the mail in the outbox: delivery is the outbox's work, not the pass's. */
class HeldMailer extends Mailer {
  override kick(): Promise<void> {
    return Promise.resolve();
  }
}

/** Part 3: a pass at five past each UTC hour of the day after, as the timer would run them (every 5 minutes). */
async function reminderDay(db: Db, statements: () => number): Promise<ReminderRow[]> {
  let now = DAY0 + DAY_MS;
  const clock = () => now;
  const reminders = new RemindersRepository(db.kysely, db.writeTransaction);
  const emails = new EmailRepository(db.kysely, db.writeTransaction);
  const service = new RemindersService({
    reminders,
    emails,
    signer: new LinkSigner(db.kysely),
    clock,
    available: true,
  });
  const mailer = new HeldMailer({
    db: db.kysely,
    clock,
    options: { smtpUrl: 'smtp://127.0.0.1:2525', from: 'bench@example.com', publicUrl: 'https://vocab.example' },
    log: quiet,
  });
  const job = new ReminderJob({ reminders, emails, service, mailer, clock, log: quiet });
  const counts = hourCounts();
  const rows: ReminderRow[] = [];
  for (let hour = 0; hour < 24; hour++) {
    now = DAY0 + DAY_MS + hour * HOUR_MS + 5 * 60_000;
    const sent = statements();
    const cpu = process.cpuUsage();
    const started = performance.now();
    const pass = await job.runOnce();
    const used = process.cpuUsage(cpu);
    rows.push({
      hour,
      due: counts[hour] ?? 0,
      ...pass,
      ms: ms(started),
      cpuMs: (used.user + used.system) / 1000,
      statements: statements() - sent,
      load: load(),
    });
    log(`part 3: ${hour}:05 ${JSON.stringify(rows.at(-1))}`);
  }
  return rows;
}

/** EXPLAIN (ANALYZE) of the reminder pass's candidates query at 19:05, on PostgreSQL: it reads an index range. */
async function explainCandidates(db: Db, url: string, captured: Caught[]): Promise<string> {
  const reminders = new RemindersRepository(db.kysely, db.writeTransaction);
  captured.length = 0;
  await reminders.candidates(DAY0 + DAY_MS + 19 * HOUR_MS + 5 * 60_000);
  const query = captured.find((q) => q.sql.includes('reminder_settings'));
  if (!query) return '(candidates query not caught)';
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const plan = await client.query(`explain (analyze, buffers) ${query.sql}`, query.parameters);
    return plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}

type Caught = { sql: string; parameters: unknown[] };

async function measure(kind: 'sqlite' | 'postgres', target: () => Promise<DatabaseTarget>): Promise<string> {
  const out: string[] = [`\n## ${kind}\n`];
  // The statements of the last call, for the plan of the candidates query on PostgreSQL.
  const captured: Caught[] = [];
  let statements = 0;
  const fleetTarget = await target();
  const db = openDatabase(fleetTarget, {
    queryTimeoutMs: 0,
    logQuery: (q, p) => {
      statements++;
      if (captured.length > 100) captured.length = 0;
      captured.push({ sql: q, parameters: [...p] });
    },
  });
  try {
    await migrateToLatest(db);
    await loadDecks(db, path.join(ROOT, 'content'), DAY0);
    const seeded = await seedFleet(db);
    out.push(`Seeded in ${seeded.seconds.toFixed(0)} s: ${JSON.stringify(seeded.rows)}`);
    log(out.at(-1) ?? '');
    if (FITS) await fits(db, out, target);
    const day = await reminderDay(db, () => statements);
    out.push(
      '\n| UTC hour | due that hour | candidates read | queued | pass ms | CPU ms | statements | load average |',
    );
    out.push('|---|---|---|---|---|---|---|---|');
    for (const r of day) {
      const cells = [r.hour, r.due, r.candidates, r.queued, r.ms.toFixed(0), r.cpuMs.toFixed(0), r.statements, r.load];
      out.push(`| ${cells.join(' | ')} |`);
    }
    if (fleetTarget.kind === 'postgres') {
      out.push('\n```', await explainCandidates(db, fleetTarget.url, captured), '```');
    }
  } finally {
    await db.close();
  }
  return out.join('\n');
}

/** Parts 1 and 2. */
async function fits(db: Db, out: string[], target: () => Promise<DatabaseTarget>): Promise<void> {
  log(`part 1: ${SAMPLE} fits (load ${load()})`);
  const cost = await fitCost(await target());
  out.push(
    `Part 1, ${cost.fits} real fits of ${cost.reviews / cost.fits} reviews on average (1,000–4,000): one pass ` +
      `${(cost.passMs / 1000).toFixed(1)} s, ${(cost.perFitMs / 1000).toFixed(2)} s a fit (wall, stores included); ` +
      `the fit process's own time p50 ${(cost.fitP50Ms / 1000).toFixed(2)} s, ` +
      `p90 ${(cost.fitP90Ms / 1000).toFixed(2)} s; ` +
      `peak ${cost.peakMb.toFixed(0)} MB; load average ${cost.load}`,
  );
  log(out.at(-1) ?? '');
  const run = await fleetFits(db, cost.perFitMs);
  const sorted = [...run.passRealMs].sort((a, b) => a - b);
  out.push(
    `Part 2: ${run.tried} of ${run.active} active learners tried in ${run.passes} passes (${run.steps} discovery ` +
      `steps), ${run.simulatedHours.toFixed(1)} h by the charged clock; ` +
      `fits a pass ${Math.min(...run.fitsPerPass)}–${Math.max(...run.fitsPerPass)}; real time of all passes ` +
      `${run.realSeconds.toFixed(0)} s (a pass: median ${seconds(sorted[Math.floor(sorted.length / 2)])} s, ` +
      `max ${seconds(sorted.at(-1))} s); load average ${run.load}`,
  );
  log(out.at(-1) ?? '');
}

async function main(): Promise<void> {
  const results: string[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-bench-fleet-'));
  let n = 0;
  try {
    const file = async (): Promise<DatabaseTarget> => ({ kind: 'sqlite', file: path.join(dir, `fleet-${n++}.db`) });
    if (SQLITE) results.push(await measure('sqlite', file));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (POSTGRES) {
    const schemas: string[] = [];
    const admin = new pg.Client({ connectionString: POSTGRES });
    await admin.connect();
    const scoped = async (): Promise<DatabaseTarget> => {
      const schema = `fleet_bench_${Date.now()}_${schemas.length}`;
      schemas.push(schema);
      await admin.query(`create schema ${schema}`);
      const url = new URL(POSTGRES);
      url.searchParams.set('options', `-c search_path=${schema}`);
      return { kind: 'postgres', url: url.toString() };
    };
    try {
      results.push(await measure('postgres', scoped));
    } finally {
      for (const schema of schemas) await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  }
  console.log(results.join('\n'));
}

await main();
