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
  describe(`migration 004-directions [${database.name}]`, () => {
    let tdb: TestDatabase | undefined;
    afterEach(async () => {
      await tdb?.drop();
      tdb = undefined;
    });

    it('keeps every card and answer as a forward one, and lets a word have a reverse card beside it', async () => {
      tdb = await createTestDatabase(database.name, database.url, '003-undo');
      // Rows written under the schema before directions, which had no direction column to fill.
      const k = tdb.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await k.insertInto('users').values({ id: 'u1', created_at: 0 }).execute();
      const ids = [];
      for (const word of ['casa', 'perro']) {
        const row = await k
          .insertInto('words')
          .values({ language: 'spanish', word, translation: 'x', rank: 1 })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(Number(row.id));
      }
      for (const wordId of ids)
        await k
          .insertInto('progress')
          .values({ learner_id: 'u1', word_id: wordId, ...card })
          .execute();
      await k
        .insertInto('reviews')
        .values({
          learner_id: 'u1',
          word_id: ids[0],
          answer_id: 'a1',
          session_id: 's1',
          rating: 3,
          verdict: 'correct',
          typed: 'casa',
          scheduled: 1,
          state: 2,
          elapsed_days: 0,
          scheduled_days: 3,
          reviewed_at: 1_000,
        })
        .execute();

      await migrateToLatest(tdb.db, '004-directions');

      // The schema as it was at 004, before the cards were renamed.
      const db = tdb.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const progress = await db.selectFrom('progress').selectAll().orderBy('word_id').execute();
      expect(progress).toEqual(
        ids.map((wordId) => ({ learner_id: 'u1', word_id: wordId, direction: 'forward', ...card })),
      );
      expect(await db.selectFrom('reviews').select(['answer_id', 'direction', 'typed']).execute()).toEqual([
        { answer_id: 'a1', direction: 'forward', typed: 'casa' },
      ]);

      const fresh = { learner_id: 'u1', word_id: ids[0] ?? 0, ...card };
      await db
        .insertInto('progress')
        .values({ ...fresh, direction: 'reverse' })
        .execute();
      await expect(
        db
          .insertInto('progress')
          .values({ ...fresh, direction: 'reverse' })
          .execute(),
      ).rejects.toThrow();
      await expect(db.insertInto('progress').values(fresh).execute()).rejects.toThrow();
      await expect(
        sql`insert into progress (learner_id, word_id, direction, due, stability, difficulty, elapsed_days,
          scheduled_days,
        learning_steps, reps, lapses, state, updated_at) values ('u1', ${ids[1]}, 'sideways', 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0)`.execute(db),
      ).rejects.toThrow();
      // The foreign keys survived the rebuild: deleting the learner deletes their cards.
      await db.deleteFrom('users').where('id', '=', 'u1').execute();
      expect(await db.selectFrom('progress').select('word_id').execute()).toEqual([]);
    });
  });
}
