import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase, loginAs, sessionCookie } from '../test/harness.js';
import { snapshotTables } from '../test/reliability.js';

type Word = { _id: string; word: string; own: boolean; answeredCorrectly: boolean };

/**
 * Every route that names a user, a word or a language, called by learner B (or a guest) against learner A's
 * data: nothing of A's is shown, and nothing of A's changes.
 */
describeEachDatabase('authorisation', (ctx) => {
  const call = (cookie: string | undefined, method: InjectOptions['method'], url: string, payload?: object) =>
    ctx().app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

  async function setUp() {
    const a = await loginAs(ctx().app, 'alice');
    const b = await loginAs(ctx().app, 'bob');
    const own = (
      await call(a.cookie, 'POST', '/api/spanish', { word: 'zzsecreto', translation: 'alice secret' })
    ).json<Word>();
    const [deckWord, second] = (await call(undefined, 'GET', '/api/spanish')).json<Word[]>();
    await call(a.cookie, 'PATCH', `/api/spanish/${deckWord?._id}`, { verdict: 'correct', answerId: 'alice-answer-1' });
    await call(a.cookie, 'PATCH', `/api/spanish/${own._id}`, { verdict: 'wrong' });
    await call(a.cookie, 'POST', '/api/users/languages', { language: 'spanish' });
    await call(a.cookie, 'PATCH', '/api/settings', { dailyGoal: 77 });
    const guest = sessionCookie(await call(undefined, 'PATCH', `/api/spanish/${second?._id}`));
    return { a, b, guest, own, deckWord: deckWord as Word };
  }

  /** A's rows only: B's own activity may add rows of B's, never touch A's. */
  async function aliceRows(aliceId: string) {
    const k = ctx().db.kysely;
    return JSON.stringify([
      await k.selectFrom('users').selectAll().where('id', '=', aliceId).execute(),
      await k.selectFrom('words').selectAll().where('owner_id', '=', aliceId).orderBy('id').execute(),
      await k.selectFrom('progress').selectAll().where('learner_id', '=', aliceId).orderBy('word_id').execute(),
      await k.selectFrom('reviews').selectAll().where('learner_id', '=', aliceId).orderBy('id').execute(),
      await k.selectFrom('user_languages').selectAll().where('user_id', '=', aliceId).execute(),
      await k
        .selectFrom('sessions')
        .select(['user_id', 'expires_at'])
        .where('user_id', '=', aliceId)
        .orderBy('created_at')
        .execute(),
    ]);
  }

  it("never shows A's languages, words or progress to B or to a guest", async () => {
    const { a, b, guest, own } = await setUp();
    for (const cookie of [b.cookie, guest]) {
      expect((await call(cookie, 'GET', `/api/users/languages/${a.userId}`)).statusCode).toBe(
        cookie === guest ? 401 : 403,
      );
      expect((await call(cookie, 'GET', `/api/users/languages/${a.userId}/languages/spanish`)).statusCode).toBe(
        cookie === guest ? 401 : 403,
      );
      const texts = [
        (await call(cookie, 'GET', '/api/spanish?limit=100')).body,
        (await call(cookie, 'GET', '/api/spanish/for-review')).body,
        (await call(cookie, 'GET', '/api/spanish/lexicon')).body,
        (await call(cookie, 'GET', '/api/settings')).body,
      ];
      for (const text of texts) {
        expect(text).not.toContain('zzsecreto');
        expect(text).not.toContain('alice');
        expect(text).not.toContain('"dailyGoal":77');
      }
      const stats = (await call(cookie, 'GET', '/api/spanish/stats')).json<{
        learnedCount: number;
        totalWords: number;
      }>();
      expect(stats.totalWords).toBe(40);
    }
    const bStats = (await call(b.cookie, 'GET', '/api/spanish/stats')).json<{ learnedCount: number }>();
    expect(bStats.learnedCount).toBe(0);
    const unlearned = await call(b.cookie, 'GET', '/api/users/languages/words/unlearned?language=spanish');
    expect(unlearned.statusCode).toBe(200);
    expect(unlearned.body).not.toContain('zzsecreto');
    expect(unlearned.json<{ wordsLearned: Word[] }>().wordsLearned.every((w) => !w.answeredCorrectly)).toBe(true);
    ctx().clock.advance(20 * 86_400_000);
    expect((await call(b.cookie, 'GET', '/api/users/languages/spanish/for-review')).json()).toEqual([]);
    expect((await call(b.cookie, 'GET', `/api/users/languages/${b.userId}`)).json()).toEqual([]);
    // A still sees all of it: the refusals above were about who asked.
    expect(
      (await call(a.cookie, 'GET', '/api/users/languages/spanish/for-review')).json<Word[]>().map((w) => w.word),
    ).toContain('zzsecreto');
    expect(own.own).toBe(true);
  });

  it(
    "lets B neither answer nor change A's own word, " + "on any answer route, and B's answers never move A's progress",
    async () => {
      const { a, b, guest, own, deckWord } = await setUp();
      const before = await aliceRows(a.userId);
      for (const cookie of [b.cookie, guest]) {
        for (const verdict of ['correct', 'wrong']) {
          expect((await call(cookie, 'PATCH', `/api/spanish/${own._id}`, { verdict })).statusCode).toBe(404);
        }
        // The word is A's in Spanish; another language's route does not reach it either.
        expect((await call(cookie, 'PATCH', `/api/french/${own._id}`)).statusCode).toBe(404);
      }
      for (const path of ['answer-word', 'answer-word-incorrectly']) {
        const res = await call(
          b.cookie,
          'PATCH',
          `/api/users/languages/spanish/quiz/${path}?language=spanish&wordId=${own._id}&word=zzsecreto`,
        );
        expect(res.statusCode).toBe(404);
      }
      // B re-using A's answerId on the same deck word is B's own answer: recorded for B, A's stays as it was.
      const reused = await call(b.cookie, 'PATCH', `/api/spanish/${deckWord._id}`, {
        verdict: 'wrong',
        answerId: 'alice-answer-1',
      });
      expect(reused.statusCode).toBe(200);
      expect(reused.json<{ scheduled: boolean }>().scheduled).toBe(true);
      await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          call(b.cookie, 'PATCH', `/api/spanish/${deckWord._id}`, { verdict: 'wrong', answerId: `bob-answer-${i}` }),
        ),
      );
      await call(
        b.cookie,
        'PATCH',
        `/api/users/languages/spanish/quiz/answer-word-incorrectly?language=spanish&wordId=${deckWord._id}`,
      );
      // Adding the same text to B's list is B's word, not a clash with A's (a 409 would reveal A's list).
      expect((await call(b.cookie, 'POST', '/api/spanish', { word: 'zzsecreto', translation: 'bob' })).statusCode).toBe(
        201,
      );
      await call(b.cookie, 'POST', '/api/users/languages', { language: 'french' });
      await call(b.cookie, 'PATCH', '/api/settings', { dailyGoal: 3, theme: 'dark' });
      expect(await aliceRows(a.userId)).toBe(before);
      expect(
        (await call(a.cookie, 'GET', `/api/users/languages/${a.userId}`))
          .json<Array<{ language: string }>>()
          .map((l) => l.language),
      ).toEqual(['spanish']);
    },
  );

  it("ends only the caller's sessions at logout and log out everywhere", async () => {
    const { a, b } = await setUp();
    const before = await aliceRows(a.userId);
    expect((await call(b.cookie, 'POST', '/api/auth/logout-everywhere')).statusCode).toBe(200);
    const bAgain = sessionCookie(
      await call(undefined, 'POST', '/api/auth/login', { username: 'bob', password: 'correct horse' }),
    );
    expect((await call(bAgain, 'GET', '/api/auth/logout')).statusCode).toBe(200);
    expect(await aliceRows(a.userId)).toBe(before);
    expect((await call(a.cookie, 'GET', '/api/auth/page-load-login')).json()).toEqual({
      _id: a.userId,
      username: 'alice',
    });
  });

  it('refuses every account route to a guest and a visitor without touching a row', async () => {
    const { a, guest } = await setUp();
    const before = await snapshotTables(ctx().db);
    for (const cookie of [guest, undefined]) {
      for (const [method, url, payload] of [
        ['GET', `/api/users/languages/${a.userId}`],
        ['GET', `/api/users/languages/${a.userId}/languages/spanish`],
        ['GET', '/api/users/languages/words/unlearned?language=spanish'],
        ['GET', '/api/users/languages/spanish/for-review'],
        ['POST', '/api/users/languages', { language: 'italian' }],
        ['PATCH', '/api/users/languages/spanish/quiz/answer-word?language=spanish&wordId=1'],
        ['PATCH', '/api/users/languages/spanish/quiz/answer-word-incorrectly?language=spanish&wordId=1'],
        ['POST', '/api/auth/logout-everywhere'],
        ['GET', '/api/auth/page-load-login'],
        ['GET', '/api/account/sessions'],
        ['DELETE', `/api/account/sessions/${'0'.repeat(32)}`],
        ['POST', '/api/account/password', { currentPassword: 'correct horse', newPassword: 'taken over now' }],
        ['POST', '/api/account/delete', { password: 'correct horse' }],
      ] as const) {
        expect((await call(cookie, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      }
    }
    expect(await snapshotTables(ctx().db)).toEqual(before);
  });
});
