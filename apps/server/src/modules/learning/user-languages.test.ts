import { expect, it } from 'vitest';
import { describeEachDatabase, loginAs } from '../../test/harness.js';

const DAY = 86_400_000;
type Word = { _id: string; word: string; answeredCorrectly: boolean };

describeEachDatabase('user languages', (ctx) => {
  const as = (cookie: string) => ({
    get: (url: string) => ctx().app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, payload: object) => ctx().app.inject({ method: 'POST', url, payload, headers: { cookie } }),
    patch: (url: string, payload?: object) => ctx().app.inject({ method: 'PATCH', url, payload, headers: { cookie } }),
  });

  it('answers 401 to visitors on every account route', async () => {
    for (const [method, url] of [
      ['GET', '/api/users/languages/someone'],
      ['GET', '/api/users/languages/someone/languages/spanish'],
      ['GET', '/api/users/languages/words/unlearned?language=spanish'],
      ['GET', '/api/users/languages/spanish/for-review'],
      ['PATCH', '/api/users/languages/spanish/quiz/answer-word/?language=spanish&wordId=1&word=que'],
      ['PATCH', '/api/users/languages/spanish/quiz/answer-word-incorrectly?language=spanish&wordId=1&word=que'],
      ['POST', '/api/users/languages'],
    ] as const) {
      const res = await ctx().app.inject({
        method,
        url,
        payload: method === 'POST' ? { language: 'spanish' } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('adds a language once and lists it with its figures', async () => {
    const { cookie, userId } = await loginAs(ctx().app, 'pia');
    const u = as(cookie);
    expect((await u.get(`/api/users/languages/${userId}`)).json()).toEqual([]);
    const added = await u.post('/api/users/languages', { language: 'french' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ language: 'french', percentLearned: 0, totalWords: 40 });
    expect(added.json().wordsLearned).toHaveLength(40);
    const again = await u.post('/api/users/languages', { language: 'french' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('language_exists');
    expect((await u.post('/api/users/languages', { language: 'swedish' })).statusCode).toBe(400);
    expect((await u.post('/api/users/languages', { language: 'klingon' })).statusCode).toBe(400);

    const list = (await u.get(`/api/users/languages/${userId}`)).json();
    expect(list.map((l: { language: string }) => l.language)).toEqual(['french']);
    const one = await u.get(`/api/users/languages/${userId}/languages/french`);
    expect(one.json()).toHaveLength(1);
    // Our screens show the figures only and leave the whole list out.
    const [figures] = (await u.get(`/api/users/languages/${userId}/languages/french?words=false`)).json();
    expect(figures).not.toHaveProperty('wordsLearned');
    expect(figures).toEqual({ ...one.json()[0], wordsLearned: undefined });
    expect((await u.get(`/api/users/languages/${userId}?words=false`)).json()).toEqual([figures]);
    expect((await u.get(`/api/users/languages/${userId}?words=no`)).statusCode).toBe(400);
    expect((await u.get(`/api/users/languages/${userId}/languages/german`)).statusCode).toBe(404);
  });

  it("counts a language practised on its own quiz among the account's languages, without adding it", async () => {
    const { cookie, userId } = await loginAs(ctx().app, 'noa');
    const u = as(cookie);
    await u.post('/api/users/languages', { language: 'german' });
    expect((await u.get(`/api/users/languages/${userId}/languages/french?words=false`)).statusCode).toBe(404);
    // An answer from /french-quiz, as the language's own quiz sends it.
    const [word] = (await u.get('/api/french?limit=1')).json() as Word[];
    const answered = await u.patch(`/api/french/${word?._id}`, { verdict: 'correct', typed: 'x' });
    expect(answered.statusCode).toBe(200);

    const listed = (await u.get(`/api/users/languages/${userId}?words=false`)).json();
    expect(listed.map((l: { language: string }) => l.language).sort()).toEqual(['french', 'german']);
    const french = await u.get(`/api/users/languages/${userId}/languages/french?words=false`);
    expect(french.statusCode).toBe(200);
    expect(french.json()).toEqual(listed.filter((l: { language: string }) => l.language === 'french'));
  });

  it("refuses to show one user's languages to another", async () => {
    const a = await loginAs(ctx().app, 'quin');
    const b = await loginAs(ctx().app, 'rosa');
    await as(a.cookie).post('/api/users/languages', { language: 'german' });
    expect((await as(b.cookie).get(`/api/users/languages/${a.userId}`)).statusCode).toBe(403);
    expect((await as(b.cookie).get(`/api/users/languages/${a.userId}/languages/german`)).statusCode).toBe(403);
    expect((await as(b.cookie).get('/api/users/languages/not-a-user')).statusCode).toBe(403);
  });

  it('runs the generic quiz calls: unlearned batch, answers, words learned, review', async () => {
    const { cookie, userId } = await loginAs(ctx().app, 'saul');
    const u = as(cookie);
    await u.post('/api/users/languages', { language: 'spanish' });
    const batch = await u.get('/api/users/languages/words/unlearned?language=spanish');
    expect(batch.statusCode).toBe(200);
    const words = batch.json<{ wordsLearned: Word[] }>().wordsLearned;
    expect(words).toHaveLength(15);
    const [right, wrong] = words;

    const ok = await u.patch(
      `/api/users/languages/spanish/quiz/answer-word/?language=spanish&wordId=${right?._id}` +
        `&word=${encodeURIComponent(right?.word ?? '')}`,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().word.answeredCorrectly).toBe(true);
    const bad = await u.patch(
      `/api/users/languages/spanish/quiz/answer-word-incorrectly?language=spanish&wordId=${wrong?._id}&word=x`,
    );
    expect(bad.statusCode).toBe(200);
    expect(bad.json().word.answeredCorrectly).toBe(false);
    expect(
      (await u.patch(`/api/users/languages/spanish/quiz/answer-word/?language=french&wordId=${right?._id}`)).statusCode,
    ).toBe(400);
    expect(
      (await u.patch('/api/users/languages/spanish/quiz/answer-word/?language=spanish&wordId=nope')).statusCode,
    ).toBe(400);

    const [record] = (await u.get(`/api/users/languages/${userId}/languages/spanish`)).json();
    // `wordsLearned` is the whole list, as in the original API; the learned words are those answered correctly.
    expect(record.wordsLearned).toHaveLength(40);
    expect(record.wordsLearned.filter((w: Word) => w.answeredCorrectly).map((w: Word) => w._id)).toEqual([right?._id]);
    expect(record.learnedCount).toBe(1);

    expect((await u.get('/api/users/languages/spanish/for-review')).json()).toEqual([]);
    ctx().clock.advance(20 * DAY);
    const due = (await u.get('/api/users/languages/spanish/for-review')).json<Word[]>();
    expect(due.map((w) => w._id).sort()).toEqual([right?._id, wrong?._id].sort());
  });
});
