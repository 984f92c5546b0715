import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { OLD_CARD as card, describeMigration, insertOldReview, insertOldWord } from '../../test/migration.js';
import { migrateToLatest } from '../migrate.js';

describeMigration('006-card-names', (before) => {
  it('renames each card by what it asks in its language, keeping every schedule and review', async () => {
    const { db, old } = await before('005-progress-language');
    const words: Record<string, number> = {};
    for (const [language, word] of [
      ['spanish', 'casa'],
      ['french', 'maison'],
    ] as const) {
      words[language] = await insertOldWord(old, language, word);
    }
    let answer = 0;
    for (const language of ['spanish', 'french']) {
      for (const direction of ['forward', 'reverse']) {
        const reps = direction === 'forward' ? 5 : 1;
        await old
          .insertInto('progress')
          .values({ learner_id: 'u1', word_id: words[language], language, direction, ...card, reps })
          .execute();
        const answerId = `a${++answer}`;
        await insertOldReview(old, {
          word_id: words[language],
          direction,
          answer_id: answerId,
          typed: 'x',
          reviewed_at: answer,
        });
      }
    }

    await migrateToLatest(db);

    const progress = await db.kysely
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
    const reviews = await db.kysely
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
    await expect(sql`update progress set direction = 'forward'`.execute(db.kysely)).rejects.toThrow();
    await expect(sql`update reviews set direction = 'sideways'`.execute(db.kysely)).rejects.toThrow();
    const fresh = { learner_id: 'u1', word_id: words.spanish ?? 0, language: 'spanish', ...card };
    await expect(
      db.kysely
        .insertInto('progress')
        .values({ ...fresh, direction: 'recall' })
        .execute(),
    ).rejects.toThrow(); // primary key kept
  });
});
