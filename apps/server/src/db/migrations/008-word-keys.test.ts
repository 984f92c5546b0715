import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES, type TestDatabase, createTestDatabase } from '../../test/harness.js';
import { migrateToLatest } from '../migrate.js';

for (const database of TEST_DATABASES) {
  describe(`migration 008-word-keys [${database.name}]`, () => {
    let tdb: TestDatabase | undefined;
    afterEach(async () => {
      await tdb?.drop();
      tdb = undefined;
    });

    it('keys every word by its Unicode lower case, keeping own words that already collide', async () => {
      tdb = await createTestDatabase(database.name, database.url, '007-word-hints');
      const k = tdb.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await k.insertInto('users').values({ id: 'u1', created_at: 0 }).execute();
      // Two spellings of one own word, as PostgreSQL's case-sensitive index let in before.
      for (const [language, word, owner] of [
        ['portuguese', 'NÃO', null],
        ['german', 'Rennwort', 'u1'],
        ['german', 'rennwort', 'u1'],
      ] as const) {
        await k.insertInto('words').values({ language, word, translation: 'x', rank: 1, owner_id: owner }).execute();
      }

      await migrateToLatest(tdb.db);

      const rows = await tdb.db.kysely.selectFrom('words').select(['word', 'word_key']).orderBy('id').execute();
      expect(rows[0]).toEqual({ word: 'NÃO', word_key: 'não' });
      expect(rows[1]).toEqual({ word: 'Rennwort', word_key: 'rennwort' });
      expect(rows[2]?.word_key.startsWith('rennwort\u0001')).toBe(true);
    });
  });
}
