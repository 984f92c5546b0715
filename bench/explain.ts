/**
 * What PostgreSQL spends on each statement of the read path (the session lookup, a learner's batch, the review
 * list), from EXPLAIN (ANALYZE, BUFFERS) on a seeded schema: planning and execution time, and the pages read. For
 * when pg_stat_statements is not loaded (it needs shared_preload_libraries, so a restart of the server).
 *
 *   npm run build && npx tsx --tsconfig tsconfig.check.json bench/explain.ts [learners]
 *
 * The statements are the app's own, caught from its repositories through Kysely's query log.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.js';
import type { Database } from '../apps/server/src/db/schema.js';
import { SessionRepository } from '../apps/server/src/modules/auth/session.repository.js';
import { BatchRepository } from '../apps/server/src/modules/learning/batch.repository.js';
import { advanceFrontier } from '../apps/server/src/modules/cards/frontier.js';
import { startApp } from './lib/proc.js';
import { seed } from './lib/seed.js';

const learners = Number(process.argv[2] ?? 2000);
const base =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `explain_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create schema ${schema}`);
const url = new URL(base);
url.searchParams.set('options', `-c search_path=${schema}`);
try {
  await (await startApp({ DATABASE_URL: url.toString() })).stop();
  const db = openDatabase({ kind: 'postgres', url: url.toString() }, { queryTimeoutMs: 0 });
  const seeded = await seed(db, { learners, now: Date.now() });
  await db.close();

  const caught: CompiledQuery[] = [];
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => void caught.push(event.query),
  });
  const typical = seeded.learners[Math.floor(learners / 2)];
  if (!typical) throw new Error('no learners');
  const catchOne = async (label: string, run: () => Promise<unknown>) => {
    caught.length = 0;
    await run();
    return caught.map((query, i) => ({ label: caught.length > 1 ? `${label} (${i + 1})` : label, query }));
  };
  const sessions = new SessionRepository(kysely, (work) => kysely.transaction().execute(work));
  const batches = new BatchRepository(kysely);
  const token = typical.cookie.slice('sid='.length);
  const statements = [
    ...(await catchOne('session lookup', () => sessions.find(createHash('sha256').update(token).digest('hex')))),
    ...(await catchOne(`batch, a typical learner (${typical.spanishStudied} words met)`, () =>
      batches.unlearned({ learnerId: typical.id, language: 'spanish', direction: 'recognise', limit: 15 }),
    )),
    ...(await catchOne(`batch, the veteran (${seeded.veteran.spanishStudied} met)`, () =>
      batches.unlearned({ learnerId: seeded.veteran.id, language: 'spanish', direction: 'recognise', limit: 15 }),
    )),
    ...(await catchOne('batch, the newcomer', () =>
      batches.unlearned({ learnerId: seeded.newcomer.id, language: 'spanish', direction: 'recognise', limit: 15 }),
    )),
    ...(await catchOne('review list, a typical learner', () =>
      batches.due({ learnerId: typical.id, language: 'spanish', direction: 'recognise', now: Date.now(), limit: 100 }),
    )),
    ...(await catchOne('frontier advance after an answer, a typical learner', () =>
      advanceFrontier(kysely, 'postgres', { learnerId: typical.id, language: 'spanish', direction: 'recognise' }),
    )),
  ];
  const client = await pool.connect();
  try {
    for (const { label, query } of statements) {
      // Warm: the second run is the one measured, as under load.
      await client.query(`explain (analyze, buffers, format json) ${query.sql}`, [...query.parameters]);
      const { rows } = await client.query<{
        'QUERY PLAN': Array<{
          'Planning Time': number;
          'Execution Time': number;
          Plan: { 'Shared Hit Blocks': number; 'Actual Rows': number };
        }>;
      }>(`explain (analyze, buffers, format json) ${query.sql}`, [...query.parameters]);
      const plan = rows[0]?.['QUERY PLAN'][0];
      if (process.env.EXPLAIN_PLANS) console.log(query.sql, JSON.stringify(plan?.Plan, null, 1));
      console.log(
        `${label}: planning ${plan?.['Planning Time'].toFixed(3)} ms, ` +
          `execution ${plan?.['Execution Time'].toFixed(3)} ms, ` +
          `${plan?.Plan['Shared Hit Blocks']} pages, ${plan?.Plan['Actual Rows']} rows`,
      );
    }
  } finally {
    client.release();
    await kysely.destroy();
  }
} finally {
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
}
