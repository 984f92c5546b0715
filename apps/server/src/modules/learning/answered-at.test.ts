import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase, loginAs } from '../../test/harness.js';

type Word = { _id: string; due: number | null; answeredCorrectly: boolean };
type Answer = { word: Word; scheduled: boolean };

const DAY = 86_400_000;

/** A signed-in learner's answer calls, as the offline queue of the web app sends them. */
async function learner(app: FastifyInstance, name: string) {
  const { cookie } = await loginAs(app, name);
  const call = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { cookie } });
  const words = (await call('GET', '/api/spanish')).json<Word[]>();
  return {
    call,
    words,
    answer: (word: Word | undefined, body: object) => call('PATCH', `/api/spanish/${word?._id}`, body),
  };
}

describeEachDatabase("an answer's own time (answeredAt)", (ctx) => {
  const log = () =>
    ctx().db.kysely.selectFrom('reviews').select(['answer_id', 'reviewed_at', 'scheduled']).orderBy('id').execute();

  it('schedules and logs an answer given offline two days ago as if it had arrived then', async () => {
    const now = ctx().clock();
    const given = now - 2 * DAY;
    const late = await learner(ctx().app, 'offline');
    const [word] = late.words;
    const sent = await late.answer(word, {
      verdict: 'correct',
      answerId: 'offline-0001',
      answeredAt: new Date(given).toISOString(),
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json<Answer>().scheduled).toBe(true);

    // The same answer given online two days ago: the same schedule.
    ctx().clock.set(given);
    const online = await learner(ctx().app, 'online');
    const onTime = await online.answer(word, { verdict: 'correct', answerId: 'online-0001' });
    expect(sent.json<Answer>().word.due).toBe(onTime.json<Answer>().word.due);
    expect(await log()).toEqual([
      { answer_id: 'offline-0001', reviewed_at: given, scheduled: 1 },
      { answer_id: 'online-0001', reviewed_at: given, scheduled: 1 },
    ]);
  });

  it(
    'counts for the streak answers that arrive within a day and a half on the day given, ' +
      'and a week backdated in one sitting as today',
    async () => {
      const streakOf = async (call: (m: 'GET', u: string) => Promise<{ json<T>(): T }>) =>
        (await call('GET', '/api/stats/summary?tz=UTC')).json<{ streak: number; todayAnswers: number }>();
      const now = ctx().clock();
      // Seven answers, one per past day, all sent now: a 7-day streak filled in one sitting.
      const filler = await learner(ctx().app, 'backdater');
      for (let day = 6; day >= 0; day--) {
        const res = await filler.answer(filler.words[6 - day], {
          verdict: 'correct',
          answerId: `backdated-${day}`,
          answeredAt: now - day * DAY,
        });
        expect(res.statusCode).toBe(200);
      }
      // Scheduling still uses each answer's own time; the streak counts only what reached the server in time.
      expect((await log()).map((r) => r.reviewed_at)).toEqual([6, 5, 4, 3, 2, 1, 0].map((d) => now - d * DAY));
      expect(await streakOf(filler.call)).toEqual(expect.objectContaining({ streak: 2, todayAnswers: 6 }));

      // A learner who practised on a train yesterday evening and is back online this morning keeps the day.
      const traveller = await learner(ctx().app, 'traveller');
      await traveller.answer(traveller.words[0], {
        verdict: 'correct',
        answerId: 'on-the-train',
        answeredAt: now - DAY,
      });
      await traveller.answer(traveller.words[1], { verdict: 'correct', answerId: 'this-morning' });
      expect(await streakOf(traveller.call)).toEqual(expect.objectContaining({ streak: 2, todayAnswers: 1 }));
    },
  );

  it(
    'refuses an answer older than 7 days or more than 5 minutes ahead, ' + 'writing nothing; a little ahead is now',
    async () => {
      const now = ctx().clock();
      const { words, answer } = await learner(ctx().app, 'clocks');
      const tooOld = await answer(words[0], {
        verdict: 'correct',
        answerId: 'too-old-01',
        answeredAt: now - 7 * DAY - 1,
      });
      expect(tooOld.statusCode).toBe(400);
      expect(tooOld.json().error.code).toBe('answered_at_too_old');
      const ahead = await answer(words[0], {
        verdict: 'correct',
        answerId: 'ahead-0001',
        answeredAt: now + 5 * 60_000 + 1,
      });
      expect(ahead.statusCode).toBe(400);
      expect(ahead.json().error.code).toBe('answered_at_in_future');
      for (const answeredAt of ['yesterday', '2026-01-15', -1, 1.5, true]) {
        expect((await answer(words[0], { verdict: 'correct', answeredAt })).statusCode, String(answeredAt)).toBe(400);
      }
      expect(await log()).toEqual([]);
      expect(await ctx().db.kysely.selectFrom('progress').selectAll().execute()).toEqual([]);

      expect(
        (await answer(words[0], { verdict: 'correct', answerId: 'a-bit-ahead', answeredAt: now + 60_000 })).statusCode,
      ).toBe(200);
      expect(
        (await answer(words[1], { verdict: 'correct', answerId: 'week-old-1', answeredAt: now - 7 * DAY })).statusCode,
      ).toBe(200);
      expect(await log()).toEqual([
        { answer_id: 'a-bit-ahead', reviewed_at: now, scheduled: 1 },
        { answer_id: 'week-old-1', reviewed_at: now - 7 * DAY, scheduled: 1 },
      ]);
    },
  );

  it('records a replayed answer once, even when the replay comes after its window has passed', async () => {
    const now = ctx().clock();
    const { words, answer } = await learner(ctx().app, 'replay');
    const body = { verdict: 'wrong', answerId: 'replayed-01', answeredAt: now - DAY };
    const first = await answer(words[0], body);
    expect(first.json<Answer>().scheduled).toBe(true);
    const again = await answer(words[0], body);
    expect(again.statusCode).toBe(200);
    expect(again.json<Answer>()).toEqual({ ...first.json<Answer>(), scheduled: false });
    ctx().clock.advance(10 * DAY);
    const muchLater = await answer(words[0], body);
    expect(muchLater.statusCode).toBe(200);
    expect(muchLater.json<Answer>().scheduled).toBe(false);
    expect(await log()).toEqual([{ answer_id: 'replayed-01', reviewed_at: now - DAY, scheduled: 1 }]);
  });

  it(
    'applies answers to one card in the order they arrive, ' + "never dating one before the card's last review",
    async () => {
      const now = ctx().clock();
      const { words, answer } = await learner(ctx().app, 'ordered');
      const [word] = words;
      await answer(word, { verdict: 'correct', answerId: 'in-order-1', answeredAt: now - 3 * DAY });
      const second = await answer(word, { verdict: 'wrong', answerId: 'in-order-2', answeredAt: now - DAY });
      // Sent after the second, though given before it (another device's queue): logged at the second's time.
      const third = await answer(word, { verdict: 'correct', answerId: 'in-order-3', answeredAt: now - 2 * DAY });
      expect(second.json<Answer>().word.answeredCorrectly).toBe(false);
      expect(third.json<Answer>().word.answeredCorrectly).toBe(true);
      expect(await log()).toEqual([
        { answer_id: 'in-order-1', reviewed_at: now - 3 * DAY, scheduled: 1 },
        { answer_id: 'in-order-2', reviewed_at: now - DAY, scheduled: 1 },
        { answer_id: 'in-order-3', reviewed_at: now - DAY, scheduled: 1 },
      ]);
      const card = await ctx()
        .db.kysely.selectFrom('progress')
        .select(['reps', 'lapses', 'last_review'])
        .executeTakeFirstOrThrow();
      expect(card).toEqual({ reps: 3, lapses: 1, last_review: now - DAY });
    },
  );
});
