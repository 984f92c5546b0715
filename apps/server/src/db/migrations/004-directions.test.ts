import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { OLD_CARD as card, describeMigration, insertOldReview, insertOldWord } from '../../test/migration.js';
import { migrateToLatest } from '../migrate.js';

describeMigration('004-directions', (before) => {
  it('keeps every card and answer as a forward one, and lets a word have a reverse card beside it', async () => {
    const { db, old } = await before('003-undo');
    // Rows written under the schema before directions, which had no direction column to fill.
    const ids = [];
    for (const word of ['casa', 'perro']) ids.push(await insertOldWord(old, 'spanish', word));
    for (const wordId of ids)
      await old
        .insertInto('progress')
        .values({ learner_id: 'u1', word_id: wordId, ...card })
        .execute();
    await insertOldReview(old, {
      word_id: ids[0],
      answer_id: 'a1',
      session_id: 's1',
      typed: 'casa',
      reviewed_at: 1_000,
    });

    await migrateToLatest(db, '004-directions');

    // The schema as it was at 004, before the cards were renamed: still read untyped.
    const progress = await old.selectFrom('progress').selectAll().orderBy('word_id').execute();
    expect(progress).toEqual(
      ids.map((wordId) => ({ learner_id: 'u1', word_id: wordId, direction: 'forward', ...card })),
    );
    expect(await old.selectFrom('reviews').select(['answer_id', 'direction', 'typed']).execute()).toEqual([
      { answer_id: 'a1', direction: 'forward', typed: 'casa' },
    ]);

    const fresh = { learner_id: 'u1', word_id: ids[0] ?? 0, ...card };
    await old
      .insertInto('progress')
      .values({ ...fresh, direction: 'reverse' })
      .execute();
    await expect(
      old
        .insertInto('progress')
        .values({ ...fresh, direction: 'reverse' })
        .execute(),
    ).rejects.toThrow();
    await expect(old.insertInto('progress').values(fresh).execute()).rejects.toThrow();
    await expect(
      sql`insert into progress (learner_id, word_id, direction, due, stability, difficulty, elapsed_days,
          scheduled_days,
        learning_steps, reps, lapses, state, updated_at) values ('u1', ${ids[1]}, 'sideways', 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0)`.execute(old),
    ).rejects.toThrow();
    // The foreign keys survived the rebuild: deleting the learner deletes their cards.
    await old.deleteFrom('users').where('id', '=', 'u1').execute();
    expect(await old.selectFrom('progress').select('word_id').execute()).toEqual([]);
  });
});
