import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { TEST_DECK_SIZE, describeEachDatabase } from '../../test/harness.js';

/**
 * The original app's own web client (React, axios 0.21) against our server: its API calls in the order it
 * makes them, with the headers axios 0.21 and the browser send, each checked for what that client reads.
 */

type Word = { _id: string; word: string; translation: string; answeredCorrectly: boolean };
type LanguageRecord = {
  language: string;
  wordsLearned: Word[];
  totalWords: number;
  learnedCount: number;
  percentLearned: number;
};

const ORIGIN = 'http://localhost:80';
/** axios 0.21's default Accept, and what a same-origin page adds. */
const AXIOS = {
  host: 'localhost:80',
  accept: 'application/json, text/plain, */*',
  'accept-encoding': 'gzip, deflate, br',
  'sec-fetch-site': 'same-origin',
};
/** axios 0.21 labels a `patch(url, null)` as a form and sends no body. */
const EMPTY_FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** What axios 0.21 sends with an object body. */
const JSON_BODY = { 'content-type': 'application/json;charset=utf-8' };

const learned = (words: Word[]) => words.filter((w) => w.answeredCorrectly);
const percent = (words: Word[]) => Math.round((learned(words).length / words.length) * 100);

describeEachDatabase('the original web client', (ctx) => {
  /** A browser tab running the original client: one cookie jar, axios's headers, Origin on every non-GET call. */
  function browser() {
    let cookie: string | undefined;
    const send = async (
      method: InjectOptions['method'],
      url: string,
      headers: Record<string, string>,
      payload?: string,
    ) => {
      const res = await ctx().app.inject({
        method,
        url,
        headers: {
          ...AXIOS,
          ...(method === 'GET' ? {} : { origin: ORIGIN }),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
        ...(payload === undefined ? {} : { payload }),
      });
      const set = res.cookies.find((c) => c.name === 'sid');
      if (set) cookie = set.value ? `sid=${set.value}` : undefined;
      return res;
    };
    return {
      get: (url: string) => send('GET', url, {}),
      post: (url: string, body: object) => send('POST', url, JSON_BODY, JSON.stringify(body)),
      /** `axios.patch(url, null, { params })`. */
      patch: (url: string) => send('PATCH', url, EMPTY_FORM),
      send,
      get cookie() {
        return cookie;
      },
    };
  }

  // A list over the compression threshold comes compressed, as axios's browser unpacks it before the client reads it.
  const json = <T>(res: LightMyRequestResponse): T => {
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const unpack = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync }[
      String(res.headers['content-encoding'])
    ];
    return JSON.parse((unpack ? unpack(res.rawPayload) : res.rawPayload).toString('utf8')) as T;
  };

  it('signs up, logs in, learns, reviews, adds a word and logs out', async () => {
    const tab = browser();

    // Signup and login: the client reads `data.userData` (and some versions the user at the top).
    expect((await tab.post('/api/auth/signup', { username: 'olivia', password: 'correct horse' })).statusCode).toBe(
      201,
    );
    const login = await tab.post('/api/auth/login', { username: 'olivia', password: 'correct horse' });
    expect(login.statusCode).toBe(200);
    const user = json<{ _id: string; username: string; userData: { _id: string; username: string } }>(login);
    expect(user).toEqual({
      _id: user.userData._id,
      username: 'olivia',
      userData: { _id: user.userData._id, username: 'olivia' },
    });
    const userId = user._id;
    expect(tab.cookie).toBeDefined();

    // Page load: the current user, or an error without a session.
    expect(json(await tab.get('/api/auth/page-load-login'))).toEqual({ _id: userId, username: 'olivia' });

    // Add a language as the client writes its name; it is kept and answered in lower case.
    const added = await tab.post('/api/users/languages', { language: 'Spanish' });
    expect(added.statusCode).toBe(201);
    expect(json<LanguageRecord>(added).language).toBe('spanish');
    expect((await tab.post('/api/users/languages', { language: 'SPANISH' })).statusCode).toBe(409);

    // User home: the list of records; each `wordsLearned` is the whole list, counted for the total.
    const records = json<LanguageRecord[]>(await tab.get(`/api/users/languages/${userId}`));
    expect(records.map((r) => r.language)).toEqual(['spanish']);
    expect(records[0]?.wordsLearned).toHaveLength(TEST_DECK_SIZE);
    expect(learned(records[0]?.wordsLearned ?? [])).toEqual([]);
    expect(records[0]).toMatchObject({ totalWords: TEST_DECK_SIZE, learnedCount: 0, percentLearned: 0 });

    // The generic language home: an array whose first item has `wordsLearned`.
    const [record] = json<LanguageRecord[]>(await tab.get(`/api/users/languages/${userId}/languages/Spanish`));
    expect(record?.wordsLearned).toHaveLength(TEST_DECK_SIZE);
    expect(
      record?.wordsLearned.every(
        (w) => typeof w._id === 'string' && w.word && w.translation && w.answeredCorrectly === false,
      ),
    ).toBe(true);

    // Generic quiz: the unlearned batch, then answers sent as `patch(url, null, { params })`.
    const batch = json<{ wordsLearned: Word[] }>(
      await tab.get('/api/users/languages/words/unlearned?language=Spanish'),
    ).wordsLearned;
    expect(batch).toHaveLength(15);
    expect(learned(batch)).toEqual([]);
    const [right1, right2, wrong] = batch as [Word, Word, Word];
    const answer = (path: string, w: Word) =>
      tab.patch(
        `/api/users/languages/spanish/quiz/${path}?language=spanish&wordId=${w._id}&word=${encodeURIComponent(w.word)}`,
      );
    for (const [res, correct] of [
      [await answer('answer-word/', right1), true],
      [await answer('answer-word/', right2), true],
      [await answer('answer-word-incorrectly', wrong), false],
    ] as const) {
      expect(res.statusCode, res.body).toBe(200);
      expect(json<{ word: Word }>(res).word.answeredCorrectly).toBe(correct);
    }
    const nextBatch = json<{ wordsLearned: Word[] }>(
      await tab.get('/api/users/languages/words/unlearned?language=spanish'),
    ).wordsLearned;
    expect(nextBatch.map((w) => w._id)).not.toContain(right1._id);
    expect(nextBatch.map((w) => w._id)).not.toContain(right2._id);

    // The home's figures, as the client computes them from `wordsLearned`, agree with ours.
    const [after] = json<LanguageRecord[]>(await tab.get(`/api/users/languages/${userId}/languages/spanish`));
    expect(after?.wordsLearned).toHaveLength(TEST_DECK_SIZE);
    expect(
      learned(after?.wordsLearned ?? [])
        .map((w) => w._id)
        .sort(),
    ).toEqual([right1._id, right2._id].sort());
    expect(after?.percentLearned).toBe(percent(after?.wordsLearned ?? []));
    expect(after?.learnedCount).toBe(2);

    // Review: nothing due at first; 20 days later (the session still open) the three studied words, answered with the
    // same empty PATCH.
    expect(json(await tab.get('/api/users/languages/spanish/for-review'))).toEqual([]);
    ctx().clock.advance(20 * 86_400_000);
    const due = json<Word[]>(await tab.get('/api/users/languages/Spanish/for-review'));
    expect(due.map((w) => w._id).sort()).toEqual([right1._id, right2._id, wrong._id].sort());
    expect((await answer('answer-word/', wrong)).statusCode).toBe(200);
    expect(json<Word[]>(await tab.get('/api/users/languages/spanish/for-review'))).toHaveLength(2);
    expect(json<Word[]>(await tab.get('/api/spanish/for-review'))).toHaveLength(2);
    expect(json(await tab.get('/api/italian/for-review'))).toEqual([]);

    // The per-language quizzes: the whole list; Spanish uses all words, the others filter the unlearned ones.
    const spanish = json<Word[]>(await tab.get('/api/spanish'));
    expect(spanish).toHaveLength(TEST_DECK_SIZE);
    expect(learned(spanish).length).toBe(
      json<LanguageRecord[]>(await tab.get(`/api/users/languages/${userId}`))[0]?.learnedCount,
    );
    for (const language of ['french', 'german', 'italian', 'portuguese/']) {
      const words = json<Word[]>(await tab.get(`/api/${language}`));
      expect(words, language).toHaveLength(TEST_DECK_SIZE);
      const [first] = words.filter((w) => !w.answeredCorrectly);
      const marked = await tab.patch(`/api/${language.replace('/', '')}/${first?._id}`);
      expect(marked.statusCode, `${language} ${marked.body}`).toBe(200);
      const again = json<Word[]>(await tab.get(`/api/${language}`));
      expect(again.filter((w) => !w.answeredCorrectly)).toHaveLength(TEST_DECK_SIZE - 1);
      expect(again.find((w) => w._id === first?._id)?.answeredCorrectly).toBe(true);
    }

    // Add an Italian word: it joins the list; the same word again is refused with the client's alert text.
    const gelato = await tab.post('/api/italian', {
      word: 'gelato',
      translation: 'ice cream',
      answeredCorrectly: false,
    });
    expect(gelato.statusCode).toBe(201);
    const italian = json<Word[]>(await tab.get('/api/italian'));
    expect(italian).toHaveLength(TEST_DECK_SIZE + 1);
    expect(italian.at(-1)).toMatchObject({ word: 'gelato', translation: 'ice cream', answeredCorrectly: false });
    // The list sent as prebuilt JSON is the list the Word schema serialises (`limit` takes that path).
    expect(json<Word[]>(await tab.get('/api/italian?limit=100'))).toEqual(italian);
    const duplicate = await tab.post('/api/italian', {
      word: 'gelato',
      translation: 'ice cream',
      answeredCorrectly: false,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(json<{ error: { message: string } }>(duplicate).error.message).toBe('word already exists in your list!');
    // The generic Italian home shows the same list, own word included.
    expect((await tab.post('/api/users/languages', { language: 'Italian' })).statusCode).toBe(201);
    const [italianRecord] = json<LanguageRecord[]>(await tab.get(`/api/users/languages/${userId}/languages/italian`));
    expect(italianRecord?.wordsLearned).toEqual(italian);
    expect(italianRecord).toMatchObject({ totalWords: TEST_DECK_SIZE + 1, learnedCount: 1 });

    // Logout ends the session: the next page load finds none.
    expect((await tab.get('/api/auth/logout')).statusCode).toBe(200);
    expect(tab.cookie).toBeUndefined();
    expect((await tab.get('/api/auth/page-load-login')).statusCode).toBe(401);
  });

  it('takes an empty body of any type where no body is needed, and still refuses what it must', async () => {
    const tab = browser();
    await tab.post('/api/auth/signup', { username: 'pablo', password: 'correct horse' });
    await tab.post('/api/auth/login', { username: 'pablo', password: 'correct horse' });
    const [w1, w2, w3] = json<Word[]>(await tab.get('/api/german'));
    const url = (w: Word | undefined) => `/api/german/${w?._id}`;

    for (const [w, type] of [
      [w1, 'text/plain'],
      [w2, 'application/json'],
      [w3, 'application/x-www-form-urlencoded; charset=utf-8'],
    ] as const) {
      const res = await tab.send('PATCH', url(w), { 'content-type': type, 'content-length': '0' });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
    }
    // A body with content must be of a type the route takes.
    const form = await tab.send('PATCH', url(w1), EMPTY_FORM, 'verdict=wrong');
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ error: { code: 'unsupported_media_type', message: expect.any(String) } });
    // A route that needs a JSON body does not take an empty form either.
    expect((await tab.send('POST', '/api/users/languages', EMPTY_FORM)).statusCode).toBe(415);
    expect((await tab.send('POST', '/api/italian', EMPTY_FORM)).statusCode).toBe(415);
    // An empty PATCH from a foreign page is refused before anything is read.
    const foreign = await tab.send('PATCH', url(w1), { ...EMPTY_FORM, origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    // Undo and logout take an empty form body too.
    expect((await tab.send('POST', '/api/german/answers/nothing-to-undo/undo', EMPTY_FORM)).statusCode).toBe(404);
    expect((await tab.send('POST', '/api/auth/logout-everywhere', EMPTY_FORM)).statusCode).toBe(200);
  });

  it("reads language names in any letter case, answers in lower case, and keeps others' records closed", async () => {
    const tab = browser();
    await tab.post('/api/auth/signup', { username: 'quinn', password: 'correct horse' });
    const { _id: userId } = json<{ _id: string }>(
      await tab.post('/api/auth/login', { username: 'quinn', password: 'correct horse' }),
    );
    expect(json<LanguageRecord>(await tab.post('/api/users/languages', { language: 'fReNcH' })).language).toBe(
      'french',
    );
    expect((await tab.post('/api/users/languages', { language: 'Klingon' })).statusCode).toBe(400);
    expect((await tab.post('/api/users/languages', { language: 'Swedish' })).statusCode).toBe(400);

    const [upper] = json<LanguageRecord[]>(await tab.get(`/api/users/languages/${userId}/languages/FRENCH`));
    expect(upper?.language).toBe('french');
    expect(json<Word[]>(await tab.get('/api/French'))).toHaveLength(TEST_DECK_SIZE);
    const [word] = json<Word[]>(await tab.get('/api/FRENCH?limit=1'));
    expect((await tab.patch(`/api/French/${word?._id}`)).statusCode).toBe(200);
    const res = await tab.patch(
      `/api/users/languages/French/quiz/answer-word/?language=FRENCH&wordId=${word?._id}&word=x`,
    );
    expect(res.statusCode).toBe(200);
    expect(
      (await tab.patch(`/api/users/languages/French/quiz/answer-word/?language=german&wordId=${word?._id}`)).statusCode,
    ).toBe(400);
    expect((await tab.get('/api/Klingon')).statusCode).toBe(404);

    // Another learner's id in the path is refused, whatever the case of the language.
    const other = browser();
    await other.post('/api/auth/signup', { username: 'rhea', password: 'correct horse' });
    await other.post('/api/auth/login', { username: 'rhea', password: 'correct horse' });
    expect((await other.get(`/api/users/languages/${userId}`)).statusCode).toBe(403);
    expect((await other.get(`/api/users/languages/${userId}/languages/French`)).statusCode).toBe(403);
  });
});
