import { type CardState, isDue, newCardState, placedCardState, reviewCard } from '@vocab/core';
import { expect, it } from 'vitest';
import { describeEachDatabase, loginAs } from '../../test/harness.js';
import { cardState, dueBy } from './card.js';

const DAY = 86_400_000;

describeEachDatabase('the due rule in SQL', (ctx) => {
  it('selects exactly the cards core\'s isDue calls due, at every moment around their due times', async () => {
    const { db, clock } = ctx();
    const { userId } = await loginAs(ctx().app, 'due-rule');
    const t0 = clock();
    const fresh = newCardState(t0);
    const good = reviewCard(fresh, 'correct', t0).card;
    const again = reviewCard(fresh, 'wrong', t0).card;
    const relearning = reviewCard(reviewCard(good, 'correct', good.due).card, 'wrong', good.due + 10 * DAY).card;
    const cards: CardState[] = [fresh, { ...fresh, due: t0 - DAY }, good, again, relearning, placedCardState(t0, 7)];
    const words = await db.kysely.selectFrom('words').select('id').where('language', '=', 'spanish').orderBy('rank').limit(cards.length).execute();
    await db.kysely
      .insertInto('progress')
      .values(cards.map((card, i) => ({ learner_id: userId, word_id: words[i]?.id ?? 0, language: 'spanish', direction: 'recognise', answered_correctly: 0, last_failed_at: null, updated_at: t0, ...cardState(card) })))
      .execute();
    const moments = [...new Set(cards.flatMap((c) => [c.due - 1, c.due, c.due + 1]))].sort((a, b) => a - b);
    for (const now of moments) {
      const selected = await db.kysely.selectFrom('progress as p').select('p.word_id').where('p.learner_id', '=', userId).where(dueBy(now)).orderBy('p.word_id').execute();
      const expected = cards.flatMap((card, i) => (isDue(card, now) ? [words[i]?.id] : []));
      expect(selected.map((r) => r.word_id)).toEqual(expected);
    }
    // The rule tells them apart: some moment has due cards and not-due cards.
    expect(moments.some((now) => cards.some((c) => isDue(c, now)) && cards.some((c) => !isDue(c, now)))).toBe(true);
  });
});
