import type { Kysely } from 'kysely';
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
  describe(`migration 005-progress-language [${database.name}]`, () => {
    let tdb: TestDatabase | undefined;
    afterEach(async () => {
      await tdb?.drop();
      tdb = undefined;
    });

    it("gives every existing card its word's language", async () => {
      tdb = await createTestDatabase(database.name, database.url, '004-directions');
      const k = tdb.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await k.insertInto('users').values({ id: 'u1', created_at: 0 }).execute();
      const cards = [];
      for (const [language, word] of [
        ['spanish', 'casa'],
        ['french', 'maison'],
        ['german', 'Haus'],
      ]) {
        const row = await k
          .insertInto('words')
          .values({ language, word, translation: 'house', rank: 1 })
          .returning('id')
          .executeTakeFirstOrThrow();
        cards.push({ word_id: Number(row.id), language });
      }
      for (const { word_id } of cards)
        await k
          .insertInto('progress')
          .values({ learner_id: 'u1', word_id, direction: 'reverse', ...card })
          .execute();

      await migrateToLatest(tdb.db, '005-progress-language');

      const rows = await tdb.db.kysely
        .selectFrom('progress')
        .select(['word_id', 'language', 'direction', 'due'])
        .orderBy('word_id')
        .execute();
      expect(rows).toEqual(cards.map((c) => ({ ...c, direction: 'reverse', due: 2_000 })));
    });
  });
}
