import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES, type TestDatabase, createTestDatabase } from '../../test/harness.js';
import { migrateToLatest } from '../migrate.js';

const card = {
  answered_correctly: 1,
  due: 2_000,
  stability: 2.5,
  difficulty: 4.5,
  elapsed_days: 0,
  scheduled_days: 3,
  learning_steps: 0,
  reps: 2,
  lapses: 0,
  state: 2,
  last_review: 1_000,
  last_rating: 3,
  last_failed_at: null,
  updated_at: 1_000,
};

for (const database of TEST_DATABASES) {
  describe(`migration 006-card-names [${database.name}]`, () => {
    let tdb: TestDatabase | undefined;
    afterEach(async () => {
      await tdb?.drop();
      tdb = undefined;
    });

    it('renames each card by what it asks in its language, keeping every schedule and review', async () => {
      tdb = await createTestDatabase(database.name, database.url, '005-progress-language');
      const k = tdb.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await k.insertInto('users').values({ id: 'u1', created_at: 0 }).execute();
      const words: Record<string, number> = {};
      for (const [language, word] of [
        ['spanish', 'casa'],
        ['french', 'maison'],
      ] as const) {
        const row = await k
          .insertInto('words')
          .values({ language, word, translation: 'house', rank: 1 })
          .returning('id')
          .executeTakeFirstOrThrow();
        words[language] = Number(row.id);
      }
      let answer = 0;
      for (const language of ['spanish', 'french']) {
        for (const direction of ['forward', 'reverse']) {
          const reps = direction === 'forward' ? 5 : 1;
          await k
            .insertInto('progress')
            .values({ learner_id: 'u1', word_id: words[language], language, direction, ...card, reps })
            .execute();
          await k
            .insertInto('reviews')
            .values({
              learner_id: 'u1',
              word_id: words[language],
              direction,
              answer_id: `a${++answer}`,
              rating: 3,
              verdict: 'correct',
              typed: 'x',
              scheduled: 1,
              state: 2,
              elapsed_days: 0,
              scheduled_days: 3,
              reviewed_at: answer,
            })
            .execute();
        }
      }

      await migrateToLatest(tdb.db);

      const progress = await tdb.db.kysely
        .selectFrom('progress')
        .select(['language', 'direction', 'reps'])
        .orderBy('language')
        .orderBy('direction')
        .execute();
      expect(progress).toEqual([
        { language: 'french', direction: 'recall', reps: 5 },
        { language: 'french', direction: 'recognise', reps: 1 },
        { language: 'spanish', direction: 'recall', reps: 1 },
        { language: 'spanish', direction: 'recognise', reps: 5 },
      ]);
      const reviews = await tdb.db.kysely
        .selectFrom('reviews')
        .select(['answer_id', 'direction'])
        .orderBy('answer_id')
        .execute();
      expect(reviews).toEqual([
        { answer_id: 'a1', direction: 'recognise' },
        { answer_id: 'a2', direction: 'recall' },
        { answer_id: 'a3', direction: 'recall' },
        { answer_id: 'a4', direction: 'recognise' },
      ]);
      // Old names and unknown ones are refused now; the new ones are taken.
      await expect(sql`update progress set direction = 'forward'`.execute(tdb.db.kysely)).rejects.toThrow();
      await expect(sql`update reviews set direction = 'sideways'`.execute(tdb.db.kysely)).rejects.toThrow();
      const fresh = { learner_id: 'u1', word_id: words.spanish ?? 0, language: 'spanish', ...card };
      await expect(
        tdb.db.kysely
          .insertInto('progress')
          .values({ ...fresh, direction: 'recall' })
          .execute(),
      ).rejects.toThrow(); // primary key kept
    });
  });
}
