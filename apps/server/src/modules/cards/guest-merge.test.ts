import { expect, it } from 'vitest';
import { type TestContext, describeEachDatabase, loginAs, visitorClient } from '../../test/harness.js';

type Word = { _id: string; word: string; own: boolean; answeredCorrectly: boolean };

const reviewsOf = async (ctx: TestContext, learnerId: string) => {
  const rows = await ctx.db.kysely
    .selectFrom('reviews')
    .select('answer_id')
    .where('learner_id', '=', learnerId)
    .orderBy('answer_id')
    .execute();
  return rows.map((r) => r.answer_id);
};

describeEachDatabase('a guest merged into an account at login', (ctx) => {
  it('keeps the cards and reviews of an own word both sides have, in any case, and logs in again', async () => {
    const { app } = ctx();
    const { cookie, userId } = await loginAs(app, 'hanna');
    const account = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      app.inject({ method, url, payload, headers: { cookie } });
    const mine = (await account('POST', '/api/german', { word: 'Rennwort', translation: 'race word' })).json<Word>();
    const exact = (await account('POST', '/api/german', { word: 'Fahrrad', translation: 'bicycle' })).json<Word>();
    const answer = async (word: Word, verdict: string, answerId: string) =>
      expect((await account('PATCH', `/api/german/${word._id}`, { verdict, answerId })).statusCode).toBe(200);
    await answer(mine, 'wrong', 'account-1');
    await answer(exact, 'correct', 'account-2');
    await account('GET', '/api/auth/logout');

    const guest = visitorClient(app);
    const theirs = await guest<Word>('POST', '/api/german', { word: 'rennwort', translation: 'race word' });
    const theirExact = await guest<Word>('POST', '/api/german', { word: 'Fahrrad', translation: 'bike' });
    await guest('PATCH', `/api/german/${theirs._id}`, { verdict: 'correct', answerId: 'guest-answer-1' });
    await guest('PATCH', `/api/german/${theirs._id}`, { verdict: 'correct', answerId: 'guest-answer-2' });
    await guest('PATCH', `/api/german/${theirExact._id}`, { verdict: 'wrong', answerId: 'guest-answer-3' });
    await guest('PATCH', `/api/german/${theirExact._id}`, { verdict: 'wrong', answerId: 'guest-answer-4' });
    await guest('POST', '/api/german/answers/guest-answer-4/undo');

    await guest('POST', '/api/auth/login', { username: 'hanna', password: 'correct horse' });
    const own = (await guest<Word[]>('GET', '/api/german')).filter((w) => w.own);
    // One word per key, the account's copy; the richer card of each wins (two right answers beat one wrong).
    expect(own.map((w) => [w.word, w.answeredCorrectly]).sort()).toEqual([
      ['Fahrrad', true],
      ['Rennwort', true],
    ]);
    expect(own.map((w) => w._id).sort()).toEqual([mine._id, exact._id].sort());
    const all = ['account-1', 'account-2', 'guest-answer-1', 'guest-answer-2', 'guest-answer-3'];
    expect(await reviewsOf(ctx(), userId)).toEqual(all);
    // The answer the guest took back stays taken back: sent again as the account, it records nothing.
    await guest('PATCH', `/api/german/${exact._id}`, { verdict: 'wrong', answerId: 'guest-answer-4' });
    expect(await reviewsOf(ctx(), userId)).toHaveLength(5);

    await guest('POST', '/api/auth/login', { username: 'hanna', password: 'correct horse' });
    expect(await ctx().db.kysely.selectFrom('users').select('id').execute()).toEqual([{ id: userId }]);
  });

  it('keeps the reviews of an exact duplicate and the answers the guest took back', async () => {
    const { app } = ctx();
    const { cookie, userId } = await loginAs(app, 'jonas');
    const payload = { word: 'Fahrrad', translation: 'bicycle' };
    await app.inject({ method: 'POST', url: '/api/german', headers: { cookie }, payload });
    await app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie } });

    const guest = visitorClient(app);
    const theirs = await guest<Word>('POST', '/api/german', { word: 'Fahrrad', translation: 'bike' });
    await guest('PATCH', `/api/german/${theirs._id}`, { verdict: 'correct', answerId: 'guest-answer-1' });
    await guest('PATCH', `/api/german/${theirs._id}`, { verdict: 'correct', answerId: 'guest-answer-2' });
    await guest('POST', '/api/german/answers/guest-answer-2/undo');
    await guest('POST', '/api/auth/login', { username: 'jonas', password: 'correct horse' });

    expect(await reviewsOf(ctx(), userId)).toEqual(['guest-answer-1']);
    const [own] = (await guest<Word[]>('GET', '/api/german')).filter((w) => w.own);
    expect(own).toMatchObject({ word: 'Fahrrad', answeredCorrectly: true });
    // Sent again as the account, the answer taken back records nothing.
    await guest('PATCH', `/api/german/${own?._id}`, { verdict: 'correct', answerId: 'guest-answer-2' });
    expect(await reviewsOf(ctx(), userId)).toEqual(['guest-answer-1']);
  });
});
