import fs from 'node:fs';
import path from 'node:path';
import { getLanguage } from '@vocab/core';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { ROOT_DIR } from '../../config.js';
import { deckHead, describeEachDatabase, loginAs, sessionCookie } from '../../test/harness.js';
import { loadDeck } from '../content/deck-loader.js';
import { takePlacementTest } from '../../test/placement.js';

type Word = {
  _id: string;
  word: string;
  article: string;
  translations: string[];
  rank: number;
  answeredCorrectly: boolean;
  due: number | null;
};
type Result = { level: number; deckSize: number; marked: number; takenAt: number };

const DAY_MS = 86_400_000;
/** Enough of the Spanish deck for a level of 300 to sit well inside it. */
const DECK_SIZE = 500;

async function loadSpanish(ctx: { db: Parameters<typeof loadDeck>[0] }) {
  await loadDeck(ctx.db, { language: getLanguage('spanish'), text: deckHead('spanish', DECK_SIZE) }, 0);
}

function call(app: FastifyInstance, cookie?: string) {
  return (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

describeEachDatabase('placement test', (ctx) => {
  it('walks the deck as last loaded: after a reload, the next test counts the new deck', async () => {
    await loadSpanish(ctx());
    const { app, db } = ctx();
    const first = await loginAs(app, 'before-reload');
    const before = await call(app, first.cookie)('POST', '/api/spanish/placement', {
      answers: (await takePlacementTest(app, first.cookie, 300)).answers,
    });
    expect(before.json<Result>().deckSize).toBe(DECK_SIZE);

    await loadDeck(db, { language: getLanguage('spanish'), text: deckHead('spanish', DECK_SIZE + 100) }, 0);
    const second = await loginAs(app, 'after-reload');
    const after = await call(app, second.cookie)('POST', '/api/spanish/placement', {
      answers: (await takePlacementTest(app, second.cookie, 300)).answers,
    });
    expect(after.json<Result>().deckSize).toBe(DECK_SIZE + 100);
  });

  it(
    'places a learner who knows the first 300 words near 300, ' +
      'marks them known without answers, and the quiz goes on after them',
    async () => {
      await loadSpanish(ctx());
      const { app } = ctx();
      const { cookie } = await loginAs(app);
      const { answers, steps } = await takePlacementTest(app, cookie, 300);
      expect(answers.length).toBeGreaterThanOrEqual(16);
      expect(answers.length).toBeLessThanOrEqual(36);
      expect(steps.at(-1)).toEqual({ done: true, asked: answers.length, maxPrompts: 36 });
      // The progress bar's estimate starts at the 16 words a clear test takes, not the 36 it may take, and always
      // leaves room for the words just given.
      expect(steps[0]).toMatchObject({ asked: 0, expectedPrompts: 16 });
      for (const step of steps)
        if (!step.done) expect(step.expectedPrompts).toBeGreaterThanOrEqual(step.asked + step.words.length);

      const finish = await call(app, cookie)('POST', '/api/spanish/placement', { answers });
      expect(finish.statusCode, finish.body).toBe(200);
      const result = finish.json<Result>();
      expect(result.level).toBeGreaterThanOrEqual(240);
      expect(result.level).toBeLessThanOrEqual(360);
      expect(result).toMatchObject({ deckSize: DECK_SIZE, takenAt: ctx().clock() });
      expect(result.marked).toBeGreaterThanOrEqual(result.level - 10);

      const words = (await call(app, cookie)('GET', '/api/spanish')).json<Word[]>();
      const de = words.find((w) => w.word === 'de');
      expect(de?.answeredCorrectly).toBe(true);
      // "de" (rank 2) waits about 120 days for its first review.
      expect(((de?.due ?? 0) - ctx().clock()) / DAY_MS).toBeGreaterThan(115);
      const stats = (await call(app, cookie)('GET', '/api/spanish/stats')).json<{
        learnedCount: number;
        dueCount: number;
      }>();
      expect(stats).toMatchObject({ learnedCount: result.marked, dueCount: 0 });

      const batch = (await call(app, cookie)('GET', '/api/spanish?unlearned=true')).json<Word[]>();
      expect(batch.map((w) => w.word)).not.toContain('de');
      // The batch goes on after the level, but for words the learner did not know in the test.
      const missed = new Set(answers.filter((a) => a.typed === null).map((a) => String(a.wordId)));
      expect(batch.filter((w) => w.rank <= result.level && !missed.has(w._id))).toEqual([]);
      expect(batch.filter((w) => w.rank > result.level).length).toBeGreaterThan(10);

      // No answer was given: the review log, the streak and the XP are as before.
      expect((await call(app, cookie)('GET', '/api/spanish/export/reviews')).body.trim().split('\n')).toHaveLength(1);
      expect((await call(app, cookie)('GET', '/api/stats/summary')).json()).toMatchObject({
        streak: 0,
        todayAnswers: 0,
        xp: 0,
      });

      // The words near the level come up for review in a week; the commonest ones much later.
      ctx().clock.advance(8 * DAY_MS);
      const due = (await call(app, cookie)('GET', '/api/spanish/for-review')).json<Word[]>();
      expect(due.length).toBeGreaterThan(0);
      expect(due.every((w) => w.rank > result.level * 0.9)).toBe(true);

      const latest = (await call(app, cookie)('GET', '/api/spanish/placement')).json<{ result: Result | null }>();
      expect(latest.result).toEqual(result);
    },
  );

  it(
    'leaves a word the learner missed in the test, ' + 'and every word that had a card, as they were; a redo only adds',
    async () => {
      await loadSpanish(ctx());
      const { app } = ctx();
      const { cookie } = await loginAs(app);
      const send = call(app, cookie);
      const words = (await send('GET', '/api/spanish')).json<Word[]>();
      const que = words.find((w) => w.word === 'que');
      const wrong = await app.inject({
        method: 'PATCH',
        url: `/api/spanish/${que?._id}`,
        payload: { verdict: 'wrong', typed: 'what' },
        headers: { cookie },
      });
      const queDue = wrong.json<{ word: Word }>().word.due;

      const beginner = await takePlacementTest(app, cookie, 0);
      const first = (await send('POST', '/api/spanish/placement', { answers: beginner.answers })).json<Result>();
      expect(first).toMatchObject({ marked: 0 });
      expect(first.level).toBeLessThanOrEqual(5);

      const { answers } = await takePlacementTest(app, cookie, 200);
      const second = (await send('POST', '/api/spanish/placement', { answers })).json<Result>();
      expect(second.level).toBeGreaterThan(100);
      const after = (await send('GET', '/api/spanish')).json<Word[]>();
      // "que" keeps its failed card: not learned, due as the wrong answer scheduled it.
      expect(after.find((w) => w.word === 'que')).toMatchObject({ answeredCorrectly: false, due: queDue });
      const learned = after.filter((w) => w.answeredCorrectly).length;
      expect(learned).toBe(second.marked);

      // A lower result later deletes nothing; it replaces the shown result.
      const again = await takePlacementTest(app, cookie, 0);
      const third = (await send('POST', '/api/spanish/placement', { answers: again.answers })).json<Result>();
      expect(third.marked).toBe(0);
      expect((await send('GET', '/api/spanish')).json<Word[]>().filter((w) => w.answeredCorrectly)).toHaveLength(
        learned,
      );
      expect((await send('GET', '/api/spanish/placement')).json<{ result: Result }>().result).toEqual(third);
    },
  );

  it(
    'lets a visitor take the test without becoming anyone, ' +
      'makes them a guest on finishing, and moves the result at login',
    async () => {
      await loadSpanish(ctx());
      const { app } = ctx();
      expect((await call(app)('GET', '/api/spanish/placement')).json()).toEqual({ result: null });
      const { answers } = await takePlacementTest(app, undefined, 100);
      const next = await call(app)('POST', '/api/spanish/placement/next', { answers: answers.slice(0, 4) });
      expect(next.cookies).toHaveLength(0);

      const finish = await call(app)('POST', '/api/spanish/placement', { answers });
      expect(finish.statusCode).toBe(200);
      const guest = sessionCookie(finish);
      const result = finish.json<Result>();
      expect((await call(app, guest)('GET', '/api/spanish/placement')).json()).toEqual({ result });
      expect((await call(app, guest)('GET', '/api/spanish/stats')).json()).toMatchObject({
        learnedCount: result.marked,
      });

      await loginAs(app, 'existing');
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'existing', password: 'correct horse' },
        headers: { cookie: guest },
      });
      const account = sessionCookie(login);
      expect((await call(app, account)('GET', '/api/spanish/placement')).json()).toEqual({ result });
      expect((await call(app, account)('GET', '/api/spanish/stats')).json()).toMatchObject({
        learnedCount: result.marked,
      });
    },
  );

  it('marks a whole deck known in one go for a learner who knows every word, German typed from English', async () => {
    const german = getLanguage('german');
    await loadDeck(
      ctx().db,
      { language: german, text: fs.readFileSync(path.join(ROOT_DIR, 'content/decks/german.tsv'), 'utf8') },
      0,
    );
    const { app } = ctx();
    const { cookie } = await loginAs(app);
    const deckSize = (await call(app, cookie)('GET', '/api/german/stats')).json<{ totalWords: number }>().totalWords;
    const { answers } = await takePlacementTest(app, cookie, deckSize, 'german');
    const started = performance.now();
    const result = (await call(app, cookie)('POST', '/api/german/placement', { answers })).json<Result>();
    console.log(
      `placement: ${result.marked} German cards marked known in ${Math.round(performance.now() - started)} ms`,
    );
    expect(result.level).toBeGreaterThan(deckSize * 0.85);
    expect(result.marked).toBeGreaterThanOrEqual(result.level);
    expect(result.marked).toBeLessThanOrEqual(deckSize);
    const stats = (await call(app, cookie)('GET', '/api/german/stats')).json<{ learnedCount: number }>();
    expect(stats.learnedCount).toBe(result.marked);
    // Only the language's own card: English → German. The other card is untouched.
    expect((await call(app, cookie)('GET', '/api/german/stats?direction=recognise')).json()).toMatchObject({
      learnedCount: 0,
    });
  });

  it('refuses what a client should not send with 400, writing nothing and making no guest', async () => {
    const { app } = ctx();
    const words = (await call(app)('GET', '/api/spanish')).json<Word[]>();
    const french = (await call(app)('GET', '/api/french')).json<Word[]>();
    const id = (i: number) => Number(words[i]?._id);
    const bad: Array<[string, unknown]> = [
      ['a word of another language', { answers: [{ wordId: Number(french[0]?._id), typed: 'of' }] }],
      ['no such word', { answers: [{ wordId: 2_000_000, typed: null }] }],
      ['a word id too large for the database', { answers: [{ wordId: 2 ** 40, typed: null }] }],
      [
        'a word answered twice',
        {
          answers: [
            { wordId: id(0), typed: 'that' },
            { wordId: id(0), typed: 'that' },
          ],
        },
      ],
      [
        'more answers than the test asks',
        { answers: words.slice(0, 37).map((w) => ({ wordId: Number(w._id), typed: null })) },
      ],
      ['a very long answer', { answers: [{ wordId: id(0), typed: 'x'.repeat(201) }] }],
      ['an id as text', { answers: [{ wordId: String(id(0)), typed: null }] }],
      ['no answers list', {}],
      ['a list instead of an object', [{ wordId: id(0), typed: null }]],
    ];
    for (const [what, payload] of bad) {
      for (const url of ['/api/spanish/placement/next', '/api/spanish/placement']) {
        const res = await app.inject({ method: 'POST', url, payload: payload as object });
        expect(res.statusCode, `${what} → ${url}: ${res.body}`).toBe(400);
        expect(res.cookies, `${what} → ${url}`).toHaveLength(0);
      }
    }
    // Finishing before the test says it is over: the prior alone is no result.
    const early = await app.inject({
      method: 'POST',
      url: '/api/spanish/placement',
      payload: { answers: [{ wordId: id(0), typed: 'that' }] },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ error: { code: 'placement_unfinished' } });
    expect(early.cookies).toHaveLength(0);
    expect(
      (await app.inject({ method: 'POST', url: '/api/swedish/placement/next', payload: { answers: [] } })).statusCode,
    ).toBe(404);
  });
});
