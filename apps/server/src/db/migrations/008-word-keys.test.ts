import { expect, it } from 'vitest';
import { describeMigration, insertOldWord } from '../../test/migration.js';
import { migrateToLatest } from '../migrate.js';

describeMigration('008-word-keys', (before) => {
  it('keys every word by its Unicode lower case, keeping own words that already collide', async () => {
    const { db, old } = await before('007-word-hints');
    // Two spellings of one own word, as PostgreSQL's case-sensitive index let in before.
    for (const [language, word, owner] of [
      ['portuguese', 'NÃO', null],
      ['german', 'Rennwort', 'u1'],
      ['german', 'rennwort', 'u1'],
    ] as const) {
      await insertOldWord(old, language, word, { owner_id: owner });
    }

    await migrateToLatest(db);

    const rows = await db.kysely.selectFrom('words').select(['word', 'word_key']).orderBy('id').execute();
    expect(rows[0]).toEqual({ word: 'NÃO', word_key: 'não' });
    expect(rows[1]).toEqual({ word: 'Rennwort', word_key: 'rennwort' });
    expect(rows[2]?.word_key.startsWith('rennwort\u0001')).toBe(true);
  });
});
