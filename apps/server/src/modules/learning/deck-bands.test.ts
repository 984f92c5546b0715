import { getLanguage } from '@vocab/core';
import { expect, it } from 'vitest';
import { describeEachDatabase, loginAs, sessionCookie } from '../../test/harness.js';
import { loadDeck } from '../content/deck-loader.js';

type Bands = {
  deckSize: number;
  bandSize: number;
  startRank: number;
  bands: Array<{ first: number; last: number; words: number; learned: number }>;
};
type Word = { _id: string; word: string; rank: number };

const header = '# test deck\nword\ttranslation\tpos\tarticle\tnote\thint\texample\texample_translation\n';
/** Made-up Spanish entries with unique spellings and meanings, ranked 1…size. */
const name = (i: number): string =>
  Array.from(i.toString(26).padStart(3, '0'), (c) => String.fromCharCode(97 + parseInt(c, 26))).join('');
const deckOf = (size: number): string =>
  header + Array.from({ length: size }, (_, i) => `pal${name(i)}\tmeaning ${name(i)}\tverb\t\t\t\t\t\n`).join('');

describeEachDatabase('deck bands', (ctx) => {
  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
    ctx().app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const batch = async (cookie?: string, limit = 15) =>
    (await send('GET', `/api/spanish?unlearned=true&limit=${limit}`, cookie)).json<Word[]>().map((w) => w.rank);

  it(
    'cuts the deck into bands of 500 from its real size, ' +
      "and counts the learned words of the language's own card in each",
    async () => {
      await loadDeck(ctx().db, { language: getLanguage('spanish'), text: deckOf(1200) }, 1);
      const visitor = (await send('GET', '/api/spanish/bands')).json<Bands>();
      expect(visitor).toEqual({
        deckSize: 1200,
        bandSize: 500,
        startRank: 1,
        bands: [
          { first: 1, last: 500, words: 500, learned: 0 },
          { first: 501, last: 1000, words: 500, learned: 0 },
          { first: 1001, last: 1200, words: 200, learned: 0 },
        ],
      });

      const { cookie } = await loginAs(ctx().app);
      const words = (await send('GET', '/api/spanish', cookie)).json<Word[]>();
      const byRank = new Map(words.map((w) => [w.rank, w._id]));
      // Two right, one wrong, one right on the other card: only the two count, as in the stats.
      for (const rank of [1, 2]) await send('PATCH', `/api/spanish/${byRank.get(rank)}`, cookie);
      await send('PATCH', `/api/spanish/${byRank.get(3)}`, cookie, { verdict: 'wrong' });
      await send('PATCH', `/api/spanish/${byRank.get(700)}`, cookie, { direction: 'recall' });
      const mine = (await send('GET', '/api/spanish/bands', cookie)).json<Bands>();
      expect(mine.bands.map((b) => b.learned)).toEqual([2, 0, 0]);
      const stats = (await send('GET', '/api/spanish/stats', cookie)).json<{ learnedCount: number }>();
      expect(mine.bands.reduce((sum, b) => sum + b.learned, 0)).toBe(stats.learnedCount);
    },
  );

  it(
    'starts new words at the chosen band, keeps going from there, ' +
      'goes back to the start on band 1, and moves to the account at login',
    async () => {
      await loadDeck(ctx().db, { language: getLanguage('spanish'), text: deckOf(1200) }, 1);
      await loginAs(ctx().app, 'amy');
      expect(await batch()).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));

      // A visitor starts the second band early: they become a guest, and the quiz's new words come from word 501 on.
      const started = await send('POST', '/api/spanish/bands/start', undefined, { first: 501 });
      expect(started.statusCode, started.body).toBe(200);
      const guest = sessionCookie(started);
      expect(started.json<Bands>().startRank).toBe(501);
      const next = await batch(guest);
      expect(next).toEqual(Array.from({ length: 15 }, (_, i) => 501 + i));
      const first = (await send('GET', '/api/spanish?unlearned=true&limit=1', guest)).json<Word[]>()[0];
      await send('PATCH', `/api/spanish/${first?._id}`, guest);
      expect((await batch(guest)).slice(0, 2)).toEqual([502, 503]);
      expect((await send('GET', '/api/spanish/bands', guest)).json<Bands>().bands.map((b) => b.learned)).toEqual([
        0, 1, 0,
      ]);

      // Logging in keeps the guest's start with their progress.
      const login = await send('POST', '/api/auth/login', guest, { username: 'amy', password: 'correct horse' });
      expect(login.statusCode, login.body).toBe(200);
      const amy = sessionCookie(login);
      expect((await send('GET', '/api/spanish/bands', amy)).json<Bands>()).toMatchObject({
        startRank: 501,
        bands: [{ learned: 0 }, { learned: 1 }, { learned: 0 }],
      });
      expect((await batch(amy)).slice(0, 2)).toEqual([502, 503]);

      // Band 1 is the deck's start again: the first words, the one learned at 501 kept.
      const back = await send('POST', '/api/spanish/bands/start', amy, { first: 1 });
      expect(back.json<Bands>().startRank).toBe(1);
      expect((await batch(amy)).slice(0, 3)).toEqual([1, 2, 3]);
      expect(await ctx().db.kysely.selectFrom('learning_starts').selectAll().execute()).toEqual([]);
    },
  );

  it('takes the words before the start once the words from it on run out', async () => {
    await loadDeck(ctx().db, { language: getLanguage('spanish'), text: deckOf(1010) }, 1);
    const { cookie } = await loginAs(ctx().app);
    await send('POST', '/api/spanish/bands/start', cookie, { first: 1001 });
    expect(await batch(cookie)).toEqual([1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1, 2, 3, 4, 5]);
  });

  it('refuses a rank where no band starts with 400, making no guest and writing nothing', async () => {
    await loadDeck(ctx().db, { language: getLanguage('spanish'), text: deckOf(1200) }, 1);
    for (const first of [700, 1501, 0]) {
      const res = await send('POST', '/api/spanish/bands/start', undefined, { first });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
    expect(await ctx().db.kysely.selectFrom('users').select('id').execute()).toEqual([]);
    expect(await ctx().db.kysely.selectFrom('learning_starts').selectAll().execute()).toEqual([]);
  });
});
