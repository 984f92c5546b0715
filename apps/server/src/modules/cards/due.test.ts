import { type CardState, isDue, newCardState, placedCardState, reviewCard } from '@vocab/core';
import { expect, it } from 'vitest';
import { describeEachDatabase, loginAs } from '../../test/harness.js';
import { BatchRepository } from '../learning/batch.repository.js';
import { WordRepository } from '../learning/word.repository.js';
import { RemindersRepository } from '../reminders/reminders.repository.js';
import { StatsRepository } from '../stats/stats.repository.js';
import { cardState, dueBy } from './card.js';

const DAY = 86_400_000;

describeEachDatabase('the due rule in SQL', (ctx) => {
  it(
    "selects exactly the cards core's isDue calls due, " +
      'at every moment around their due times, in every query that counts them',
    async () => {
      const { db, clock } = ctx();
      const { userId } = await loginAs(ctx().app, 'due-rule');
      const t0 = clock();
      const fresh = newCardState(t0);
      const good = reviewCard(fresh, 'correct', { nowMs: t0 }).card;
      const again = reviewCard(fresh, 'wrong', { nowMs: t0 }).card;
      const relearning = reviewCard(reviewCard(good, 'correct', { nowMs: good.due }).card, 'wrong', {
        nowMs: good.due + 10 * DAY,
      }).card;
      // The rule reads the card's state, not its count of reviews: a reviewed card whose count says 0 is due all the
      // same.
      const uncounted = { ...good, reps: 0, due: good.due + DAY };
      const cards: CardState[] = [
        fresh,
        { ...fresh, due: t0 - DAY },
        good,
        again,
        relearning,
        placedCardState(t0, 7),
        uncounted,
      ];
      const words = await db.kysely
        .selectFrom('words')
        .select('id')
        .where('language', '=', 'spanish')
        .orderBy('rank')
        .limit(cards.length)
        .execute();
      await db.kysely
        .insertInto('progress')
        .values(
          cards.map((card, i) => ({
            learner_id: userId,
            word_id: words[i]?.id ?? 0,
            language: 'spanish',
            direction: 'recognise',
            answered_correctly: 0,
            last_failed_at: null,
            updated_at: t0,
            ...cardState(card),
          })),
        )
        .execute();
      const moments = [...new Set(cards.flatMap((c) => [c.due - 1, c.due, c.due + 1]))].sort((a, b) => a - b);
      for (const now of moments) {
        const selected = await db.kysely
          .selectFrom('progress as p')
          .select('p.word_id')
          .where('p.learner_id', '=', userId)
          .where(dueBy(now))
          .orderBy('p.word_id')
          .execute();
        const expected = cards.flatMap((card, i) => (isDue(card, now) ? [words[i]?.id] : []));
        expect(selected.map((r) => r.word_id)).toEqual(expected);
        // The review batch, the language's count of cards due, what a reminder says is due, and the stats' forecast.
        const learnerCards = { learnerId: userId, language: 'spanish', direction: 'recognise' as const, now };
        const batch = await new BatchRepository(db.kysely).due({ ...learnerCards, limit: cards.length });
        expect(
          batch.map((w) => w.id).sort((a, b) => a - b),
          `batch at ${now - t0} ms`,
        ).toEqual(expected);
        expect((await new WordRepository(db.kysely).stats(learnerCards)).due, `count at ${now - t0} ms`).toBe(
          expected.length,
        );
        const reminded = await new RemindersRepository(db.kysely, db.writeTransaction).dueWords(userId, now);
        expect(reminded, `reminder at ${now - t0} ms`).toEqual(
          expected.length > 0 ? [{ language: 'spanish', words: expected.length }] : [],
        );
        expect(
          (await new StatsRepository(db.kysely).dueBefore(userId, 'spanish', now + 1)).length,
          `stats at ${now - t0} ms`,
        ).toBe(expected.length);
      }
      // The rule tells them apart: some moment has due cards and not-due cards.
      expect(moments.some((now) => cards.some((c) => isDue(c, now)) && cards.some((c) => !isDue(c, now)))).toBe(true);
    },
  );
});
