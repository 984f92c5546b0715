/**
 * How long the migrations from 005 on take on a large SQLite file: 10,000 learners' worth of cards (2 million) and
 * reviews (4.6 million), as the API benchmark seeds, written at 004 and then migrated to the latest schema.
 *
 *   npx tsx --tsconfig tsconfig.check.json bench/migrations.ts [cards-in-millions]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';

const millions = Number(process.argv[2] ?? 2);
const LEARNERS = 10_000;
const WORDS_PER_LEARNER = Math.round((millions * 1_000_000) / LEARNERS);
const REVIEWS_PER_CARD = 2.3;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-migrations-'));
const db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'bench.db') });
try {
  await migrateToLatest(db, '004-directions');
  const k = db.kysely as unknown as Kysely<unknown>;
  const started = performance.now();
  await sql`insert into users (id, created_at) select 'u' || value, 0 from generate_series(1, ${LEARNERS})`
    .execute(k)
    .catch(async () => {
      // SQLite without the series extension: a recursive CTE.
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${LEARNERS}) insert
        into users (id, created_at) select 'u' || i, 0 from n`.execute(k);
    });
  await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${WORDS_PER_LEARNER})
    insert into words (language, word, translation, rank) select case i % 2 when 0 then 'spanish' else
    'french' end, 'w' || i, 'x', i from n`.execute(k);
  await sql`insert into progress (learner_id, word_id, direction, due, stability, difficulty, elapsed_days,
    scheduled_days,
      learning_steps, reps, lapses, state, last_review, last_rating, answered_correctly, last_failed_at, updated_at)
    select u.id, w.id, case w.id % 5 when 0 then 'reverse' else 'forward' end, 1000, 3, 5, 1, 3, 0, 2, 0, 2,
    500, 3, 1, null, 500
    from users u cross join words w`.execute(k);
  await sql`insert into reviews (learner_id, word_id, direction, answer_id, session_id, rating, verdict,
    typed, scheduled, previous, state, elapsed_days, scheduled_days, reviewed_at)
    select learner_id, word_id, direction, null, null, 3, 'correct', 'x', 1, null, 2, 1, 3, k.k
    from progress cross join (select 1 as k union all select 2 union all select 3) k where (progress.word_id
    + k.k) % 10 < ${Math.round((REVIEWS_PER_CARD * 10) / 3)}`.execute(k);
  const count = async (table: string) =>
    Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(k)).rows[0]?.n);
  console.log(
    `seeded at 004 in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${await count('progress')} cards, ${await count('reviews')} reviews, ` +
      `${(fs.statSync(path.join(dir, 'bench.db')).size / 2 ** 20).toFixed(0)} MiB`,
  );

  for (const name of [
    '005-progress-language',
    '006-card-names',
    '007-word-hints',
    '008-word-keys',
    '009-account-security',
    '010-frontiers',
  ]) {
    const t = performance.now();
    await migrateToLatest(db, name);
    console.log(`${name}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
} finally {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
