import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { TEST_DECK_SIZE, describeEachDatabase, loginAs, sessionCookie } from '../../test/harness.js';

type Word = { _id: string; word: string; answeredCorrectly: boolean; due: number | null; own: boolean; rank: number };

function client(app: FastifyInstance) {
  let cookie: string | undefined;
  const call = async (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.inject({ method, url, payload, headers: cookie ? { ...headers, cookie } : headers });
    const set = res.cookies.find((c) => c.name === 'sid');
    if (set?.value) cookie = `sid=${set.value}`;
    return res;
  };
  return {
    call,
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
    json: async <T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<T> => {
      const res = await call(method, url, payload);
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json<T>();
    },
  };
}

describeEachDatabase('learning', (ctx) => {
  it("gives a visitor the language's figures: the whole deck, nothing learned or due", async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/spanish/stats' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      language: 'spanish',
      totalWords: TEST_DECK_SIZE,
      learnedCount: 0,
      percentLearned: 0,
      dueCount: 0,
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it(
    'gives a visitor the whole list, and a batch of 15 on asking, ' + 'in frequency order without creating anyone',
    async () => {
      const res = await ctx().app.inject({ method: 'GET', url: '/api/spanish' });
      expect(res.statusCode).toBe(200);
      const words = res.json<Word[]>();
      expect(words).toHaveLength(TEST_DECK_SIZE);
      expect(words.map((w) => w.rank)).toEqual(Array.from({ length: TEST_DECK_SIZE }, (_, i) => i + 1));
      expect(words.every((w) => !w.answeredCorrectly && w.due === null)).toBe(true);
      expect(res.cookies).toHaveLength(0);
      const batch = (await ctx().app.inject({ method: 'GET', url: '/api/spanish?limit=15&unlearned=true' })).json<
        Word[]
      >();
      expect(batch).toEqual(words.slice(0, 15));
      expect((await ctx().app.inject({ method: 'GET', url: '/api/spanish?unlearned=true' })).json<Word[]>()).toEqual(
        batch,
      );
      expect((await ctx().app.inject({ method: 'GET', url: '/api/spanish?limit=3' })).json<Word[]>()).toEqual(
        words.slice(0, 3),
      );
      for (const query of ['unlearned=yes', 'unlearned=1', 'limit=0', 'limit=101', 'limit=x']) {
        expect((await ctx().app.inject({ method: 'GET', url: `/api/spanish?${query}` })).statusCode, query).toBe(400);
      }
      expect(await ctx().db.kysely.selectFrom('users').selectAll().execute()).toHaveLength(0);
      // The trailing slash of the original client's `/api/portuguese/` works too.
      expect((await ctx().app.inject({ method: 'GET', url: '/api/portuguese/' })).statusCode).toBe(200);
    },
  );

  it("creates no guest for a visitor's request that is refused", async () => {
    const unknownWord = await ctx().app.inject({ method: 'PATCH', url: '/api/spanish/999999', payload: {} });
    expect(unknownWord.statusCode).toBe(404);
    const [first] = (await ctx().app.inject({ method: 'GET', url: '/api/spanish' })).json<Word[]>();
    const deckWord = await ctx().app.inject({
      method: 'POST',
      url: '/api/spanish',
      payload: { word: first?.word.toUpperCase(), translation: 'x' },
    });
    expect(deckWord.statusCode).toBe(409);
    expect([...unknownWord.cookies, ...deckWord.cookies]).toHaveLength(0);
    expect(await ctx().db.kysely.selectFrom('users').selectAll().execute()).toHaveLength(0);
  });

  it("records a guest's correct answer as their own progress, not everyone's", async () => {
    const guest = client(ctx().app);
    const [first] = await guest.json<Word[]>('GET', '/api/french');
    const answer = await guest.call('PATCH', `/api/french/${first?._id}`);
    expect(answer.statusCode).toBe(200);
    expect(guest.cookie).toBeDefined();
    expect(answer.json().word).toMatchObject({ _id: first?._id, answeredCorrectly: true });
    expect(answer.json().scheduled).toBe(true);

    const stats = await guest.json<{ learnedCount: number; totalWords: number; percentLearned: number }>(
      'GET',
      '/api/french/stats',
    );
    expect(stats).toMatchObject({
      learnedCount: 1,
      totalWords: TEST_DECK_SIZE,
      percentLearned: Math.round(100 / TEST_DECK_SIZE),
    });
    const next = await guest.json<Word[]>('GET', '/api/french?limit=15&unlearned=true');
    expect(next.map((w) => w._id)).not.toContain(first?._id);
    const list = await guest.json<Word[]>('GET', '/api/french');
    expect(list).toHaveLength(TEST_DECK_SIZE);
    expect(list.filter((w) => w.answeredCorrectly).map((w) => w._id)).toEqual([first?._id]);
    expect(list[0]?.due).toBe(answer.json().word.due);

    const stranger = await ctx().app.inject({ method: 'GET', url: '/api/french' });
    expect(stranger.json<Word[]>()[0]).toMatchObject({ _id: first?._id, answeredCorrectly: false });
  });

  it('sends a failed word behind the others in the next batch', async () => {
    const guest = client(ctx().app);
    const [first] = await guest.json<Word[]>('GET', '/api/german');
    await guest.json('PATCH', `/api/german/${first?._id}`, { verdict: 'wrong', typed: 'xyz' });
    const batch = await guest.json<Word[]>('GET', `/api/german?limit=${TEST_DECK_SIZE}&unlearned=true`);
    expect(batch.at(-1)?._id).toBe(first?._id);
    const review = await ctx().db.kysely.selectFrom('reviews').selectAll().executeTakeFirstOrThrow();
    expect(review).toMatchObject({ verdict: 'wrong', typed: 'xyz', rating: 1, scheduled: 1 });
  });

  it("keeps the time of a word's last failure when a later answer is right", async () => {
    const guest = client(ctx().app);
    const [word] = await guest.json<Word[]>('GET', '/api/german');
    await guest.json('PATCH', `/api/german/${word?._id}`, { verdict: 'wrong', sessionId: 'quiz-one' });
    const failedAt = ctx().clock();
    ctx().clock.set(failedAt + 60_000);
    await guest.json('PATCH', `/api/german/${word?._id}`, { verdict: 'correct', sessionId: 'quiz-two' });
    const progress = await ctx()
      .db.kysely.selectFrom('progress')
      .select(['reps', 'answered_correctly', 'last_failed_at'])
      .executeTakeFirstOrThrow();
    expect(progress).toEqual({ reps: 2, answered_correctly: 1, last_failed_at: failedAt });
  });

  it('brings a learned word back for review once it is due', async () => {
    const guest = client(ctx().app);
    const [word] = await guest.json<Word[]>('GET', '/api/italian');
    const { word: after } = await guest.json<{ word: Word }>('PATCH', `/api/italian/${word?._id}`, {
      verdict: 'correct',
    });
    expect(await guest.json<Word[]>('GET', '/api/italian/for-review')).toEqual([]);
    expect(after.due).toBeGreaterThan(ctx().clock());

    ctx().clock.set((after.due ?? 0) + 1);
    const due = await guest.json<Word[]>('GET', '/api/italian/for-review');
    expect(due.map((w) => w._id)).toEqual([word?._id]);
    expect((await guest.json<{ dueCount: number }>('GET', '/api/italian/stats')).dueCount).toBe(1);

    // Reviewed well, it goes further into the future than the first interval.
    const { word: reviewed } = await guest.json<{ word: Word }>('PATCH', `/api/italian/${word?._id}`, {
      verdict: 'correct',
    });
    expect((reviewed.due ?? 0) - ctx().clock()).toBeGreaterThan((after.due ?? 0) - ctx().clock() - 1);
    expect(await guest.json<Word[]>('GET', '/api/italian/for-review')).toEqual([]);
  });

  it('counts a retried answer once and a second try in the same quiz as practice', async () => {
    const guest = client(ctx().app);
    const [word] = await guest.json<Word[]>('GET', '/api/spanish');
    const url = `/api/spanish/${word?._id}`;
    const first = await guest.json<{ scheduled: boolean }>('PATCH', url, {
      verdict: 'wrong',
      answerId: 'answer-0001',
      sessionId: 'session-01',
    });
    const retry = await guest.json<{ scheduled: boolean }>('PATCH', url, {
      verdict: 'wrong',
      answerId: 'answer-0001',
      sessionId: 'session-01',
    });
    expect(first.scheduled).toBe(true);
    expect(retry.scheduled).toBe(false);
    const again = await guest.json<{ scheduled: boolean; word: Word }>('PATCH', url, {
      verdict: 'correct',
      answerId: 'answer-0002',
      sessionId: 'session-01',
    });
    expect(again.scheduled).toBe(false);
    expect(again.word.answeredCorrectly).toBe(false);

    const reviews = await ctx()
      .db.kysely.selectFrom('reviews')
      .select(['answer_id', 'scheduled'])
      .orderBy('id')
      .execute();
    expect(reviews).toEqual([
      { answer_id: 'answer-0001', scheduled: 1 },
      { answer_id: 'answer-0002', scheduled: 0 },
    ]);
  });

  it('loses no update when answers to one card arrive in parallel', async () => {
    const guest = client(ctx().app);
    const [word] = await guest.json<Word[]>('GET', '/api/portuguese');
    await guest.json('PATCH', `/api/portuguese/${word?._id}`, { verdict: 'correct', answerId: 'warmup-000' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        guest.call('PATCH', `/api/portuguese/${word?._id}`, {
          verdict: 'correct',
          answerId: `parallel-${String(i).padStart(3, '0')}`,
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const progress = await ctx().db.kysely.selectFrom('progress').select('reps').executeTakeFirstOrThrow();
    expect(progress.reps).toBe(21);
    expect(await ctx().db.kysely.selectFrom('reviews').select('id').execute()).toHaveLength(21);
  });

  it('answers 404 for a word of another language and 400 for a malformed id', async () => {
    const [spanish] = (await ctx().app.inject({ method: 'GET', url: '/api/spanish' })).json<Word[]>();
    expect((await ctx().app.inject({ method: 'PATCH', url: `/api/french/${spanish?._id}` })).statusCode).toBe(404);
    expect((await ctx().app.inject({ method: 'PATCH', url: '/api/french/999999' })).statusCode).toBe(404);
    expect((await ctx().app.inject({ method: 'PATCH', url: '/api/french/abc' })).statusCode).toBe(400);
    expect(
      (await ctx().app.inject({ method: 'PATCH', url: `/api/french/${spanish?._id}`, payload: { verdict: 'maybe' } }))
        .statusCode,
    ).toBe(400);
    expect((await ctx().app.inject({ method: 'GET', url: '/api/swedish' })).statusCode).toBe(404);
  });

  it("keeps a learner's own words to themselves and refuses duplicates", async () => {
    const a = client(ctx().app);
    const added = await a.call('POST', '/api/italian', {
      word: 'gelato',
      translation: 'ice cream',
      answeredCorrectly: false,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      word: 'gelato',
      translation: 'ice cream',
      own: true,
      answeredCorrectly: false,
    });
    const dup = await a.call('POST', '/api/italian', { word: 'Gelato', translation: 'ice cream' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: { code: 'word_exists', message: 'word already exists in your list!' } });
    const [deckWord] = (await ctx().app.inject({ method: 'GET', url: '/api/italian' })).json<Word[]>();
    expect((await a.call('POST', '/api/italian', { word: deckWord?.word ?? '', translation: 'x' })).statusCode).toBe(
      409,
    );
    expect((await a.call('POST', '/api/italian', { word: '  ', translation: 'x' })).statusCode).toBe(400);

    const mine = await a.json<Word[]>('GET', '/api/italian');
    expect(mine).toHaveLength(TEST_DECK_SIZE + 1);
    expect(mine.at(-1)).toMatchObject({ word: 'gelato', own: true });
    const theirs = (await ctx().app.inject({ method: 'GET', url: '/api/italian' })).json<Word[]>();
    expect(theirs.some((w) => w.word === 'gelato')).toBe(false);
    expect((await ctx().app.inject({ method: 'PATCH', url: `/api/italian/${added.json()._id}` })).statusCode).toBe(404);
  });

  it("carries a guest's progress into the account at signup", async () => {
    const guest = client(ctx().app);
    const [word] = await guest.json<Word[]>('GET', '/api/spanish');
    await guest.json('PATCH', `/api/spanish/${word?._id}`);
    const signup = await guest.call('POST', '/api/auth/signup', { username: 'newbie', password: 'correct horse' });
    expect(signup.statusCode).toBe(201);
    const login = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'newbie', password: 'correct horse' },
    });
    const account = client(ctx().app);
    account.cookie = sessionCookie(login);
    expect((await account.json<{ learnedCount: number }>('GET', '/api/spanish/stats')).learnedCount).toBe(1);
  });

  it('merges a guest into an existing account at login, the more advanced card winning', async () => {
    const { cookie } = await loginAs(ctx().app, 'olga');
    const account = client(ctx().app);
    account.cookie = cookie;
    const words = await account.json<Word[]>('GET', '/api/german');
    const [w1, w2] = words;
    await account.json('PATCH', `/api/german/${w1?._id}`, { verdict: 'wrong' });
    await account.json('GET', '/api/auth/logout');

    const guest = client(ctx().app);
    await guest.json('PATCH', `/api/german/${w1?._id}`, { verdict: 'correct' });
    await guest.json('PATCH', `/api/german/${w1?._id}`, { verdict: 'correct' });
    await guest.json('PATCH', `/api/german/${w2?._id}`, { verdict: 'correct' });
    await guest.json('POST', '/api/german', { word: 'Schnitzel', translation: 'cutlet' });
    await guest.json('POST', '/api/auth/login', { username: 'olga', password: 'correct horse' });

    const stats = await guest.json<{ learnedCount: number }>('GET', '/api/german/stats');
    expect(stats.learnedCount).toBe(2);
    const progress = await ctx()
      .db.kysely.selectFrom('progress')
      .select(['word_id', 'reps'])
      .orderBy('word_id')
      .execute();
    expect(progress).toEqual([
      { word_id: Number(w1?._id), reps: 2 },
      { word_id: Number(w2?._id), reps: 1 },
    ]);
    expect(await ctx().db.kysely.selectFrom('users').select('id').execute()).toHaveLength(1);
    expect((await guest.json<Word[]>('GET', '/api/german')).some((w) => w.word === 'Schnitzel')).toBe(true);
  });
});

describeEachDatabase('lexicon', (ctx) => {
  it(
    'lists every word and translation of a language, ' +
      "with the learner's own words; large lists are gzip-compressed",
    async () => {
      const guest = client(ctx().app);
      await guest.json('POST', '/api/spanish', { word: 'tortuga', translation: 'turtle; tortoise' });
      const res = await guest.call('GET', '/api/spanish/lexicon');
      expect(res.statusCode).toBe(200);
      type Lexicon = { entries: Array<{ word: string; article: string; translations: string[]; hint: string }> };
      const lexicon = res.json<Lexicon>();
      expect(lexicon.entries).toHaveLength(41);
      expect(lexicon.entries).toContainEqual({
        word: 'tortuga',
        article: '',
        translations: ['turtle', 'tortoise'],
        hint: '',
      });
      expect(res.headers['cache-control']).toBe('private, max-age=3600');
      const stranger = (await ctx().app.inject({ method: 'GET', url: '/api/spanish/lexicon' })).json<Lexicon>();
      expect(stranger.entries.map((e) => e.word)).not.toContain('tortuga');
    },
  );

  it('sends a quiz batch as it is, and compresses a list too large for the first round trip', async () => {
    const learner = client(ctx().app);
    const gzip = { 'accept-encoding': 'gzip' };
    const batch = await learner.call('GET', '/api/spanish?limit=15&unlearned=true', undefined, gzip);
    expect(batch.headers['content-encoding']).toBeUndefined();
    expect(batch.json<Word[]>()).toHaveLength(15);
    for (let i = 0; i < 40; i++)
      await learner.json('POST', '/api/spanish', {
        word: `palabra${i}`,
        translation: `a long gloss ${i} `.repeat(15).trim(),
      });
    const list = await learner.call('GET', '/api/spanish', undefined, gzip);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(list.rawPayload).toString()) as Word[]).toHaveLength(80);
  });
});

describeEachDatabase('undo and "I was right"', (ctx) => {
  it('takes back the last answer: the card is as before and the log has no trace of it', async () => {
    const guest = client(ctx().app);
    const [word] = await guest.json<Word[]>('GET', '/api/spanish');
    const url = `/api/spanish/${word?._id}`;
    const first = await guest.json<{ word: Word }>('PATCH', url, { verdict: 'correct', answerId: 'first-answer' });
    const before = await ctx().db.kysely.selectFrom('progress').selectAll().executeTakeFirstOrThrow();
    ctx().clock.set((first.word.due ?? 0) + 1);
    await guest.json('PATCH', url, { verdict: 'wrong', answerId: 'second-answer' });

    const undone = await guest.call('POST', '/api/spanish/answers/second-answer/undo');
    expect(undone.statusCode).toBe(200);
    expect(undone.json().word).toMatchObject({ answeredCorrectly: true, due: first.word.due });
    const after = await ctx().db.kysely.selectFrom('progress').selectAll().executeTakeFirstOrThrow();
    expect({ ...after, updated_at: 0 }).toEqual({ ...before, updated_at: 0 });
    const log = await ctx().db.kysely.selectFrom('reviews').select('answer_id').execute();
    expect(log).toEqual([{ answer_id: 'first-answer' }]);

    // Undoing the first answer too leaves the word as never studied.
    await guest.json('POST', '/api/spanish/answers/first-answer/undo');
    expect(await ctx().db.kysely.selectFrom('progress').selectAll().execute()).toEqual([]);
    expect((await guest.json<Word[]>('GET', '/api/spanish'))[0]).toMatchObject({
      _id: word?._id,
      answeredCorrectly: false,
      due: null,
    });
  });

  it('records nothing when the request of an answer taken back is sent again with its answerId', async () => {
    const guest = client(ctx().app);
    const [word] = await guest.json<Word[]>('GET', '/api/spanish');
    const url = `/api/spanish/${word?._id}`;
    await guest.json('PATCH', url, { verdict: 'wrong', answerId: 'sent-twice' });
    expect((await guest.call('POST', '/api/spanish/answers/sent-twice/undo')).statusCode).toBe(200);
    // The same request again, as an offline queue or a proxy may repeat it: a retry, not a new answer.
    const retried = await guest.call('PATCH', url, { verdict: 'wrong', answerId: 'sent-twice' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ scheduled: false, word: { answeredCorrectly: false, due: null } });
    expect(await ctx().db.kysely.selectFrom('reviews').select('answer_id').execute()).toEqual([]);
    expect(await ctx().db.kysely.selectFrom('progress').select('word_id').execute()).toEqual([]);
    // A new answer, with a new id, is recorded as usual.
    expect((await guest.call('PATCH', url, { verdict: 'correct', answerId: 'a-new-one' })).json()).toMatchObject({
      scheduled: true,
    });
  });

  it(
    'turns a wrong verdict into a correct one with a single review in the log, ' + "marked as the learner's ruling",
    async () => {
      const guest = client(ctx().app);
      const [word] = await guest.json<Word[]>('GET', '/api/french');
      await guest.json('PATCH', `/api/french/${word?._id}`, {
        verdict: 'wrong',
        typed: 'maison',
        answerId: 'verdict-01',
        sessionId: 'session-99',
      });
      const right = await guest.call('POST', '/api/french/answers/verdict-01/i-was-right');
      expect(right.statusCode).toBe(200);
      expect(right.json()).toMatchObject({ scheduled: true, word: { answeredCorrectly: true } });
      const log = await ctx()
        .db.kysely.selectFrom('reviews')
        .select(['answer_id', 'verdict', 'typed', 'scheduled', 'session_id'])
        .execute();
      expect(log).toEqual([
        { answer_id: 'verdict-01', verdict: 'overruled', typed: 'maison', scheduled: 1, session_id: 'session-99' },
      ]);
      const progress = await ctx()
        .db.kysely.selectFrom('progress')
        .select(['reps', 'lapses', 'last_failed_at'])
        .executeTakeFirstOrThrow();
      expect(progress).toEqual({ reps: 1, lapses: 0, last_failed_at: null });
    },
  );

  it("refuses to undo anything but the learner's own last answer to a word", async () => {
    const a = client(ctx().app);
    const [word] = await a.json<Word[]>('GET', '/api/german');
    await a.json('PATCH', `/api/german/${word?._id}`, { verdict: 'correct', answerId: 'older-answer' });
    await a.json('PATCH', `/api/german/${word?._id}`, { verdict: 'correct', answerId: 'newer-answer' });
    const older = await a.call('POST', '/api/german/answers/older-answer/undo');
    expect(older.statusCode).toBe(409);
    expect(older.json().error.code).toBe('not_last_answer');

    const b = client(ctx().app);
    await b.json('PATCH', `/api/german/${word?._id}`, { verdict: 'wrong', answerId: 'b-answer-1' });
    expect((await b.call('POST', '/api/german/answers/newer-answer/undo')).statusCode).toBe(404);
    expect((await a.call('POST', '/api/french/answers/newer-answer/undo')).statusCode).toBe(404);
    expect((await ctx().app.inject({ method: 'POST', url: '/api/german/answers/newer-answer/undo' })).statusCode).toBe(
      401,
    );
    expect((await a.call('POST', '/api/german/answers/x/undo')).statusCode).toBe(400);
    expect(await ctx().db.kysely.selectFrom('reviews').select('answer_id').orderBy('id').execute()).toHaveLength(3);
  });
});
