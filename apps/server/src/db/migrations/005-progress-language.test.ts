import { expect, it } from 'vitest';
import { OLD_CARD as card, describeMigration, insertOldWord } from '../../test/migration.js';
import { migrateToLatest } from '../migrate.js';

describeMigration('005-progress-language', (before) => {
  it("gives every existing card its word's language", async () => {
    const { db, old } = await before('004-directions');
    const cards = [];
    for (const [language, word] of [
      ['spanish', 'casa'],
      ['french', 'maison'],
      ['german', 'Haus'],
    ] as const) {
      cards.push({ word_id: await insertOldWord(old, language, word), language });
    }
    for (const { word_id } of cards)
      await old
        .insertInto('progress')
        .values({ learner_id: 'u1', word_id, direction: 'reverse', ...card })
        .execute();

    await migrateToLatest(db, '005-progress-language');

    const rows = await db.kysely
      .selectFrom('progress')
      .select(['word_id', 'language', 'direction', 'due'])
      .orderBy('word_id')
      .execute();
    expect(rows).toEqual(cards.map((c) => ({ ...c, direction: 'reverse', due: 2_000 })));
  });
});
