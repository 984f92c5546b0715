/**
 * `npm run bench:instances`: throughput of 1, 2 and 4 built servers on one PostgreSQL database, on this machine.
 *
 * A fresh database is created (and dropped at the end) on the server of BENCH_DATABASE_URL or TEST_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test), migrated by a first start and seeded with learners
 * (bench/lib/seed.ts). Four instances of apps/server/dist/server.js then run on it, each on its own port; every round
 * drives the same load at the first 1, 2 and 4 of them in turn (autocannon spreads its connections over the
 * instances' URLs), so that a slow spell of the machine meets every instance count alike. The load is the quiz's: for
 * each quiz batch read (GET /api/spanish?limit=15&unlearned=true) three answers (PATCH …/quiz/answer-word, each a new
 * word for that learner, so every answer writes its card and its review), from 200 learners' sessions.
 *
 * Reported: requests/s and p99 per instance count, their ratio to one instance, and the CPU spent meanwhile (servers,
 * PostgreSQL, the load generator, the whole machine). The table goes into docs/scaling.md unless --quick.
 *
 * Flags: --quick (short rounds, for trying the bench itself). Environment: BENCH_LEARNERS (default 10,000).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.js';
import { cpuMsOf, postgresPids } from './lib/cpu.js';
import { ACCEPT_ENCODING, type LoadResult, type Req, load, median } from './lib/load.js';
import { type Child, ROOT, startApp } from './lib/proc.js';
import { type Row, latencyAndErrorRows, markdownTable, printTable, writeSection } from './lib/report.js';
import { seed } from './lib/seed.js';

const QUICK = process.argv.includes('--quick');
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 10_000);
const ACTIVE = 200;
/** The same offered load at every instance count: connections in total, spread evenly over the instances. */
const CONNECTIONS = 64;
const COUNTS = [1, 2, 4] as const;
const ROUNDS = QUICK ? 1 : 3;
const ROUND_S = QUICK ? 2 : 10;
const WARM_S = QUICK ? 1 : 3;
const ANSWERS_PER_READ = 3;
const DOC = path.join(ROOT, 'docs/scaling.md');
const BASE_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const log = (msg: string) => console.log(`[bench:instances ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const randomId = () => randomBytes(16).toString('base64url');

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Busy and total CPU time of the whole machine so far, in ticks, from /proc/stat's first line. */
function machineTicks(): { busy: number; total: number } {
  const fields = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((s, x) => s + x, 0);
  // idle and iowait
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

interface Round {
  result: LoadResult;
  /** CPU ms per request: the servers together, PostgreSQL, the load generator (this process). */
  serverUs: number;
  databaseUs: number;
  loaderUs: number;
  /** Share of the whole machine's CPU that was busy during the round. */
  machineBusy: number;
  /** Each instance's share of the servers' CPU. */
  spread: number[];
}

async function round(instances: Child[], next: () => Req, seconds: number): Promise<Round> {
  const serverPids = instances.map((i) => i.proc.pid ?? 0);
  const before = cpuMsOf([...serverPids, ...postgresPids()]);
  const loaderBefore = process.cpuUsage();
  const machineBefore = machineTicks();
  const result = await load({ url: instances.map((i) => i.url), connections: CONNECTIONS, seconds, next });
  const machineAfter = machineTicks();
  const loader = process.cpuUsage(loaderBefore);
  const after = cpuMsOf([...new Set([...before.keys(), ...postgresPids()])]);
  const spent = (pid: number) => (after.get(pid) ?? 0) - (before.get(pid) ?? 0);
  const servers = serverPids.map(spent);
  const serverMs = servers.reduce((s, x) => s + x, 0);
  const databaseMs = [...after.keys()].filter((pid) => !serverPids.includes(pid)).reduce((s, pid) => s + spent(pid), 0);
  const perRequest = (ms: number) => (ms * 1000) / Math.max(1, result.requests);
  return {
    result,
    serverUs: perRequest(serverMs),
    databaseUs: perRequest(databaseMs),
    loaderUs: perRequest((loader.user + loader.system) / 1000),
    machineBusy: (machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total),
    spread: servers.map((ms) => ms / Math.max(1, serverMs)),
  };
}

const started = performance.now();
const database = `vocab_bench_${randomBytes(6).toString('hex')}`;
const url = new URL(BASE_URL);
url.pathname = `/${database}`;
const instances: Child[] = [];
log(`creating database ${database}`);
await admin(`create database ${database}`);
try {
  // The fitter would start fits in processes of their own in the middle of a round; this bench measures requests.
  const env = { DATABASE_URL: url.toString(), MEMORY_FIT_INTERVAL_MINUTES: '0' };
  log('first start on the fresh database (migrations, decks)');
  await (await startApp(env)).stop();
  log(`seeding ${LEARNERS} learners`);
  const handle = openDatabase({ kind: 'postgres', url: url.toString() }, { queryTimeoutMs: 0 });
  const seeded = await seed(handle, { learners: LEARNERS, now: Date.now() }).finally(() => handle.close());
  log(
    `  ${seeded.seconds.toFixed(1)} s: ${Object.entries(seeded.rows)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  for (let i = 0; i < Math.max(...COUNTS); i++) instances.push(await startApp(env));
  log(`${instances.length} instances on ports ${instances.map((i) => i.port).join(', ')}`);

  // Each learner in turn reads a batch, then answers new words; the next request goes to the next learner.
  const active = seeded.learners
    .filter((_, i) => i % Math.floor(seeded.learners.length / ACTIVE) === 0)
    .slice(0, ACTIVE);
  const learners = active.map((l) => ({ cookie: l.cookie, next: l.spanishStudied, sessionId: randomId(), step: 0 }));
  let turn = 0;
  const next = (): Req => {
    const l = learners[turn++ % learners.length];
    if (!l) throw new Error('no learners');
    const headers = { cookie: l.cookie, 'accept-encoding': ACCEPT_ENCODING };
    if (l.step++ % (ANSWERS_PER_READ + 1) === 0) return { path: '/api/spanish?limit=15&unlearned=true', headers };
    const wordId = seeded.spanishWordIds[l.next++ % seeded.spanishWordIds.length];
    return {
      method: 'PATCH',
      path: `/api/users/languages/spanish/quiz/answer-word/?language=spanish&wordId=${wordId}`,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ answerId: randomId(), sessionId: l.sessionId, typed: 'answer' }),
    };
  };

  log(`warm-up: ${WARM_S} s on each instance count`);
  for (const n of COUNTS)
    await load({ url: instances.slice(0, n).map((i) => i.url), connections: CONNECTIONS, seconds: WARM_S, next });
  const rounds = new Map<number, Round[]>(COUNTS.map((n) => [n, []]));
  for (let r = 1; r <= ROUNDS; r++) {
    // The order turns every round, so that no instance count always runs first or last.
    const order = COUNTS.map((_, i) => COUNTS[(i + r - 1) % COUNTS.length] ?? 1);
    for (const n of order) {
      const res = await round(instances.slice(0, n), next, ROUND_S);
      rounds.get(n)?.push(res);
      log(
        `round ${r}, ${n} instance(s): ${res.result.rps.toFixed(0).padStart(5)} ` +
          `req/s  p99 ${res.result.p99} ms  errors ${res.result.errors}  ` +
          `machine ${(res.machineBusy * 100).toFixed(0)}% busy  spread ` +
          `${res.spread.map((s) => `${(s * 100).toFixed(0)}%`).join('/')}`,
      );
    }
  }

  const summary = (n: number) => {
    const rs = rounds.get(n) ?? [];
    const m = (f: (x: Round) => number) => median(rs.map(f));
    return {
      rps: m((x) => x.result.rps),
      p99: m((x) => x.result.p99),
      errors: rs.reduce((s, x) => s + x.result.errors, 0),
      requests: rs.reduce((s, x) => s + x.result.requests, 0),
      serverUs: m((x) => x.serverUs),
      databaseUs: m((x) => x.databaseUs),
      loaderUs: m((x) => x.loaderUs),
      machineBusy: m((x) => x.machineBusy),
      perRound: rs.map((x) => x.result.rps),
    };
  };
  const one = summary(1);
  const rows: Row[] = [];
  for (const n of COUNTS) {
    const s = summary(n);
    rows.push({
      figure: `${n} instance${n > 1 ? 's' : ''}: req/s`,
      value: s.rps,
      unit: 'req/s',
      baseline: one.rps,
      baselineLabel: '1 instance',
      ratio: s.rps / one.rps,
      target: '(none)',
      pass: null,
      note:
        `rounds ${s.perRound.map((x) => x.toFixed(0)).join(', ')} req/s; ` +
        `CPU per request: servers ${s.serverUs.toFixed(0)} µs, ` +
        `PostgreSQL ${s.databaseUs.toFixed(0)} µs, load generator ${s.loaderUs.toFixed(0)} µs; ` +
        `machine ${(s.machineBusy * 100).toFixed(0)}% busy`,
    });
    rows.push(...latencyAndErrorRows(s, '  p99 latency', { p99: one.p99, label: '1 instance' }));
  }
  const title =
    `1, 2 and 4 instances on one PostgreSQL — ` + `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  printTable(title, rows);
  const machine =
    `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ` +
    `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const loadNote =
    `Data: ${Object.entries(seeded.rows)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}. Load: ${CONNECTIONS} connections in total, spread ` +
    `evenly over the instances, ${ACTIVE} learners' sessions, ` +
    `one quiz batch read for every ${ANSWERS_PER_READ} answers; median of ` +
    `${ROUNDS} rounds of ${ROUND_S} s per instance count after ${WARM_S} ` +
    `s warm-up. The instances, PostgreSQL and the load generator share ` +
    `this machine's cores.`;
  console.log(`  ${loadNote}`);
  if (!QUICK)
    writeSection(
      DOC,
      'instances',
      `### ${title}\n\n\`npm run bench:instances\` on ${machine}.\n\n${markdownTable(rows)}\n\n${loadNote}`,
    );
  log(
    `done in ${((performance.now() - started) / 1000).toFixed(0)} ` +
      `s${QUICK ? ' (quick run: not written to docs)' : `; results in ${path.relative(ROOT, DOC)}`}`,
  );
} finally {
  for (const i of instances) await i.stop();
  await admin(`drop database if exists ${database} with (force)`);
}
