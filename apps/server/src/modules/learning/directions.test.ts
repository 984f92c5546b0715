import { expect, it } from 'vitest';
import { TEST_DECK_SIZE, describeEachDatabase, loginAs, visitorClient } from '../../test/harness.js';

type Word = { _id: string; word: string; answeredCorrectly: boolean; due: number | null };
type Stats = { learnedCount: number; dueCount: number; totalWords: number };

describeEachDatabase('both directions', (ctx) => {
  it('schedules only the reverse card for a reverse answer; the forward batch and figures are unaffected', async () => {
    const call = visitorClient(ctx().app);
    const [first] = await call<Word[]>('GET', '/api/spanish?unlearned=true&direction=reverse');
    const answered = await call<{ word: Word; scheduled: boolean }>('PATCH', `/api/spanish/${first?._id}`, {
      verdict: 'correct',
      direction: 'reverse',
    });
    expect(answered).toMatchObject({ scheduled: true, word: { _id: first?._id, answeredCorrectly: true } });

    // Forward: the word is still the first to learn, never studied, and nothing is learned.
    expect((await call<Word[]>('GET', '/api/spanish'))[0]).toMatchObject({
      _id: first?._id,
      answeredCorrectly: false,
      due: null,
    });
    expect(await call<Stats>('GET', '/api/spanish/stats')).toMatchObject({
      learnedCount: 0,
      dueCount: 0,
      totalWords: TEST_DECK_SIZE,
    });
    // Reverse: the word has left the batch and counts as learned there.
    expect(
      (await call<Word[]>('GET', '/api/spanish?unlearned=true&direction=reverse')).map((w) => w._id),
    ).not.toContain(first?._id);
    expect(await call<Stats>('GET', '/api/spanish/stats?direction=reverse')).toMatchObject({ learnedCount: 1 });

    const rows = await ctx().db.kysely.selectFrom('progress').select(['word_id', 'direction', 'reps']).execute();
    expect(rows).toEqual([{ word_id: Number(first?._id), direction: 'recall', reps: 1 }]);
    const log = await ctx().db.kysely.selectFrom('reviews').select(['direction', 'scheduled']).execute();
    expect(log).toEqual([{ direction: 'recall', scheduled: 1 }]);
  });

  it(
    'keeps two schedules for one word, each due on its own, ' + "and one session's answers apart per direction",
    async () => {
      const call = visitorClient(ctx().app);
      const [word] = await call<Word[]>('GET', '/api/french');
      const url = `/api/french/${word?._id}`;
      await call('PATCH', url, { verdict: 'correct', sessionId: 'session-both', answerId: 'forward-001' });
      // The same word in the other direction, in the same session, is a first answer of its own card.
      const reverse = await call<{ scheduled: boolean }>('PATCH', url, {
        verdict: 'wrong',
        sessionId: 'session-both',
        answerId: 'reverse-001',
        direction: 'reverse',
      });
      expect(reverse.scheduled).toBe(true);

      const inBatch = (await call<Word[]>('GET', '/api/french?unlearned=true&limit=100')).find(
        (w) => w._id === word?._id,
      );
      expect(inBatch).toBeUndefined();
      const progress = await ctx()
        .db.kysely.selectFrom('progress')
        .select(['direction', 'answered_correctly', 'lapses'])
        .orderBy('direction')
        .execute();
      expect(progress).toEqual([
        { direction: 'recall', answered_correctly: 1, lapses: 0 },
        { direction: 'recognise', answered_correctly: 0, lapses: 0 },
      ]);

      // Three days later both are due (a right first answer schedules three days ahead, a wrong one a day); each
      // review lists its own card.
      ctx().clock.advance(3 * 86_400_000);
      expect((await call<Word[]>('GET', '/api/french/for-review')).map((w) => w._id)).toEqual([word?._id]);
      expect((await call<Word[]>('GET', '/api/french/for-review?direction=reverse')).map((w) => w._id)).toEqual([
        word?._id,
      ]);
      await call('PATCH', url, { verdict: 'correct', direction: 'reverse' });
      expect(await call<Word[]>('GET', '/api/french/for-review?direction=reverse')).toEqual([]);
      expect(await call<Word[]>('GET', '/api/french/for-review')).toHaveLength(1);
      expect((await call<Stats>('GET', '/api/french/stats')).dueCount).toBe(1);
    },
  );

  it('takes back and overrules a reverse answer on the reverse card only', async () => {
    const call = visitorClient(ctx().app);
    const [word] = await call<Word[]>('GET', '/api/german');
    const url = `/api/german/${word?._id}`;
    await call('PATCH', url, { verdict: 'correct', answerId: 'forward-answer' });
    await call('PATCH', url, { verdict: 'wrong', answerId: 'reverse-answer', direction: 'reverse' });
    // The forward answer is still the last one to its own card, though not the learner's latest.
    const right = await call<{ word: Word }>('POST', '/api/german/answers/reverse-answer/i-was-right');
    expect(right.word.answeredCorrectly).toBe(true);
    await call('POST', '/api/german/answers/forward-answer/undo');
    const progress = await ctx().db.kysely.selectFrom('progress').select(['direction', 'answered_correctly']).execute();
    expect(progress).toEqual([{ direction: 'recognise', answered_correctly: 1 }]);
    const log = await ctx().db.kysely.selectFrom('reviews').select(['answer_id', 'direction', 'verdict']).execute();
    expect(log).toEqual([{ answer_id: 'reverse-answer', direction: 'recognise', verdict: 'overruled' }]);
  });

  it('refuses an unknown direction', async () => {
    const [word] = (await ctx().app.inject({ method: 'GET', url: '/api/italian' })).json<Word[]>();
    for (const [method, url, payload] of [
      ['GET', '/api/italian?direction=sideways', undefined],
      ['GET', '/api/italian/for-review?direction=backwards', undefined],
      ['GET', '/api/italian/stats?direction=up', undefined],
      ['PATCH', `/api/italian/${word?._id}`, { verdict: 'correct', direction: 'both' }],
    ] as const) {
      const res = await ctx().app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, url).toBe(400);
    }
    expect(await ctx().db.kysely.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('merges a guest into an account per word and direction, the more advanced card winning in each', async () => {
    const { cookie } = await loginAs(ctx().app, 'rosa');
    const [w1, w2] = (await ctx().app.inject({ method: 'GET', url: '/api/portuguese', headers: { cookie } })).json<
      Word[]
    >();
    const account = (url: string, payload: object) =>
      ctx().app.inject({ method: 'PATCH', url, payload, headers: { cookie } });
    await account(`/api/portuguese/${w1?._id}`, { verdict: 'correct' });
    await account(`/api/portuguese/${w1?._id}`, { verdict: 'correct' });
    await account(`/api/portuguese/${w1?._id}`, { verdict: 'wrong', direction: 'reverse' });

    const guest = visitorClient(ctx().app);
    await guest('PATCH', `/api/portuguese/${w1?._id}`, { verdict: 'correct' });
    await guest('PATCH', `/api/portuguese/${w1?._id}`, { verdict: 'correct', direction: 'reverse' });
    await guest('PATCH', `/api/portuguese/${w1?._id}`, { verdict: 'correct', direction: 'reverse' });
    await guest('PATCH', `/api/portuguese/${w2?._id}`, { verdict: 'correct', direction: 'reverse' });
    await guest('POST', '/api/auth/login', { username: 'rosa', password: 'correct horse' });

    const progress = await ctx()
      .db.kysely.selectFrom('progress')
      .select(['word_id', 'direction', 'reps'])
      .orderBy('word_id')
      .orderBy('direction')
      .execute();
    expect(progress).toEqual([
      { word_id: Number(w1?._id), direction: 'recall', reps: 2 },
      { word_id: Number(w1?._id), direction: 'recognise', reps: 2 },
      { word_id: Number(w2?._id), direction: 'recognise', reps: 1 },
    ]);
    const reviews = await ctx()
      .db.kysely.selectFrom('reviews')
      .select('direction')
      .where('direction', '=', 'recognise')
      .execute();
    expect(reviews).toHaveLength(4);
    expect((await guest<Stats>('GET', '/api/portuguese/stats')).learnedCount).toBe(1);
    expect((await guest<Stats>('GET', '/api/portuguese/stats?direction=reverse')).learnedCount).toBe(2);
  });

  it(
    'counts answers of both directions for the streak and XP, ' + 'and only forward cards as learned over time',
    async () => {
      const { cookie } = await loginAs(ctx().app, 'ines');
      const [w1, w2] = (await ctx().app.inject({ method: 'GET', url: '/api/spanish', headers: { cookie } })).json<
        Word[]
      >();
      const answer = (id: string | undefined, direction: string) =>
        ctx().app.inject({
          method: 'PATCH',
          url: `/api/spanish/${id}`,
          payload: { verdict: 'correct', direction },
          headers: { cookie },
        });
      await answer(w1?._id, 'forward');
      await answer(w2?._id, 'reverse');
      const summary = (
        await ctx().app.inject({ method: 'GET', url: '/api/stats/summary?tz=UTC', headers: { cookie } })
      ).json();
      expect(summary).toMatchObject({ todayAnswers: 2, xp: 20, streak: 1 });
      const progress = (
        await ctx().app.inject({ method: 'GET', url: '/api/spanish/progress?tz=UTC', headers: { cookie } })
      ).json();
      expect(progress.learnedOverTime.at(-1)).toMatchObject({ count: 1 });
      expect(progress.reviewsPerDay.at(-1)).toMatchObject({ count: 2 });
      const forecast = progress.forecast as Array<{ count: number }>;
      expect(forecast.reduce((sum, d) => sum + d.count, 0)).toBe(2);
    },
  );

  it("serves the generic quiz's calls in either direction", async () => {
    const { cookie } = await loginAs(ctx().app, 'yusuf');
    const get = (url: string) => ctx().app.inject({ method: 'GET', url, headers: { cookie } });
    const {
      wordsLearned: [first],
    } = (await get('/api/users/languages/words/unlearned?language=italian&direction=reverse')).json<{
      wordsLearned: Word[];
    }>();
    const res = await ctx().app.inject({
      method: 'PATCH',
      url: `/api/users/languages/italian/quiz/answer-word?language=italian&wordId=${first?._id}`,
      payload: { direction: 'reverse' },
      headers: { cookie },
    });
    expect(res.json()).toMatchObject({ scheduled: true, word: { answeredCorrectly: true } });
    const unlearned = (await get('/api/users/languages/words/unlearned?language=italian&direction=reverse')).json<{
      wordsLearned: Word[];
    }>();
    expect(unlearned.wordsLearned.map((w) => w._id)).not.toContain(first?._id);
    const forward = (await get('/api/users/languages/words/unlearned?language=italian')).json<{
      wordsLearned: Word[];
    }>();
    expect(forward.wordsLearned[0]?._id).toBe(first?._id);
    ctx().clock.advance(3 * 86_400_000);
    expect(
      (await get('/api/users/languages/italian/for-review?direction=reverse')).json<Word[]>().map((w) => w._id),
    ).toEqual([first?._id]);
    expect((await get('/api/users/languages/italian/for-review')).json<Word[]>()).toEqual([]);
  });
});

describeEachDatabase('cards named by what is asked', (ctx) => {
  it('takes recognise and recall in every language, each the same card as the old name per language', async () => {
    const call = visitorClient(ctx().app);
    const [es] = await call<Word[]>('GET', '/api/spanish?direction=recall');
    await call('PATCH', `/api/spanish/${es?._id}`, { verdict: 'correct', direction: 'recall' });
    const [fr] = await call<Word[]>('GET', '/api/french?direction=recall');
    await call('PATCH', `/api/french/${fr?._id}`, { verdict: 'correct', direction: 'recall' });

    // Spanish's own card (its original quiz shows Spanish) is recognise; French's (its quiz shows English) is recall.
    expect(await call<Stats>('GET', '/api/spanish/stats')).toMatchObject({ learnedCount: 0 });
    expect(await call<Stats>('GET', '/api/spanish/stats?direction=reverse')).toMatchObject({ learnedCount: 1 });
    expect(await call<Stats>('GET', '/api/french/stats')).toMatchObject({ learnedCount: 1 });
    expect(await call<Stats>('GET', '/api/french/stats?direction=forward')).toMatchObject({ learnedCount: 1 });
    expect(await call<Stats>('GET', '/api/french/stats?direction=recognise')).toMatchObject({ learnedCount: 0 });
    const cards = await ctx()
      .db.kysely.selectFrom('progress')
      .select(['language', 'direction'])
      .orderBy('language')
      .execute();
    expect(cards).toEqual([
      { language: 'french', direction: 'recall' },
      { language: 'spanish', direction: 'recall' },
    ]);
  });

  it('refuses a direction it does not know', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/german?direction=sideways' });
    expect(res.statusCode).toBe(400);
  });
});
