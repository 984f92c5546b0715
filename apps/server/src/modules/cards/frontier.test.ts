import { getLanguage, newCardState } from '@vocab/core';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Db } from '../../db/database.js';
import { deckHead, describeEachDatabase, loginAs, testClock, testConfig } from '../../test/harness.js';
import { loadDeck } from '../content/deck-loader.js';
import { cardState } from './card.js';
import { advanceFrontier } from './frontier.js';

type Word = { _id: string; word: string; rank: number };

/** A learner's calls on one app (one server instance); the cookie works on any app on the same database. */
function learnerOn(app: FastifyInstance, cookie: string) {
  const call = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { cookie } });
  return {
    batchRanks: async () =>
      (await call('GET', '/api/spanish?limit=15&unlearned=true')).json<Word[]>().map((w) => w.rank),
    answer: async (word: Word, answerId: string) =>
      expect((await call('PATCH', `/api/spanish/${word._id}`, { answerId: `answer-${answerId}` })).statusCode).toBe(
        200,
      ),
    undo: async (answerId: string) =>
      expect((await call('POST', `/api/spanish/answers/answer-${answerId}/undo`)).statusCode).toBe(200),
  };
}

const deck = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: '/api/spanish?limit=100' })).json<Word[]>();
const ranks = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The stored frontier: what the batch's walk starts from (the batches say what the learner sees). */
async function frontierOf(db: Db, learnerId: string): Promise<number | undefined> {
  const row = await db.kysely
    .selectFrom('frontiers')
    .select('rank')
    .where('learner_id', '=', learnerId)
    .where('language', '=', 'spanish')
    .where('direction', '=', 'recognise')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.rank);
}

describeEachDatabase("the batch walks the deck from each learner's frontier", (ctx) => {
  it(
    'moves past words answered in order, ' + 'and back to a word whose first answer is undone on another instance',
    async () => {
      const { app, db } = ctx();
      const { cookie, userId } = await loginAs(app);
      const words = await deck(app);
      const onA = learnerOn(app, cookie);
      for (const word of words.slice(0, 20)) await onA.answer(word, `a-${word.rank}`);
      expect(await onA.batchRanks()).toEqual(ranks(21, 35));
      expect(await frontierOf(db, userId)).toBe(21);

      // A second instance on the same database, with its own memory: the frontier is the database's.
      const other = await buildApp({ config: testConfig(), db, clock: testClock(), webDir: null, logger: false });
      try {
        await learnerOn(other, cookie).undo('a-5');
        expect(await onA.batchRanks()).toEqual([5, ...ranks(21, 34)]);
        expect(await learnerOn(other, cookie).batchRanks()).toEqual([5, ...ranks(21, 34)]);
      } finally {
        await other.close();
      }
      await onA.answer(words[4] as Word, 'a-5-again');
      expect(await onA.batchRanks()).toEqual(ranks(21, 35));
      expect(await frontierOf(db, userId)).toBe(21);
    },
  );

  it('waits at the first word skipped, and passes every word met beyond it once that word is answered', async () => {
    const { app, db } = ctx();
    const { cookie, userId } = await loginAs(app);
    const words = await deck(app);
    const learner = learnerOn(app, cookie);
    for (const word of words.slice(1, 6)) await learner.answer(word, `b-${word.rank}`);
    expect(await learner.batchRanks()).toEqual([1, ...ranks(7, 20)]);
    await learner.answer(words[0] as Word, 'b-1');
    expect(await learner.batchRanks()).toEqual(ranks(7, 21));
    expect(await frontierOf(db, userId)).toBe(7);
  });

  it("offers a word a deck load puts below a learner's frontier", async () => {
    const { app, db } = ctx();
    const { cookie, userId } = await loginAs(app);
    const learner = learnerOn(app, cookie);
    for (const word of (await deck(app)).slice(0, 10)) await learner.answer(word, `c-${word.rank}`);
    expect(await frontierOf(db, userId)).toBe(11);

    // "manzana" arrives as the third word: every word from the third on moves down one rank.
    const lines = deckHead('spanish', 40).split('\n');
    const header = lines.findIndex((l) => l.startsWith('word\t'));
    lines.splice(header + 3, 0, 'manzana\tapple\tnoun\tla\t\t\t\t');
    await loadDeck(db, { language: getLanguage('spanish'), text: lines.join('\n') }, 1);

    const batch = (
      await app.inject({ method: 'GET', url: '/api/spanish?limit=15&unlearned=true', headers: { cookie } })
    ).json<Word[]>();
    expect(batch.map((w) => [w.word, w.rank])[0]).toEqual(['manzana', 3]);
    expect(batch.map((w) => w.rank)).toEqual([3, ...ranks(12, 25)]);
    await learner.answer(batch[0] as Word, 'c-manzana');
    expect(await learner.batchRanks()).toEqual(ranks(12, 26));
  });

  it('gives an account the words neither it nor the guest it absorbs at login has met', async () => {
    const { app, db } = ctx();
    const account = await loginAs(app, 'merger', 'correct horse');
    const words = await deck(app);
    for (const word of words.slice(2, 8)) await learnerOn(app, account.cookie).answer(word, `d-${word.rank}`);

    let guestCookie = '';
    for (const word of words.slice(0, 5)) {
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/spanish/${word._id}`,
        payload: { answerId: `answer-g-${word.rank}` },
        headers: guestCookie ? { cookie: guestCookie } : {},
      });
      expect(res.statusCode).toBe(200);
      guestCookie ||= `sid=${res.cookies.find((c) => c.name === 'sid')?.value}`;
    }
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'merger', password: 'correct horse' },
      headers: { cookie: guestCookie },
    });
    expect(login.statusCode).toBe(200);
    const merged = learnerOn(app, `sid=${login.cookies.find((c) => c.name === 'sid')?.value}`);
    expect(await merged.batchRanks()).toEqual(ranks(9, 23));
    // The guest's frontier left with the guest.
    expect(await db.kysely.selectFrom('frontiers').select('learner_id').execute()).toEqual([
      { learner_id: account.userId },
    ]);
    await merged.answer(words[8] as Word, 'd-9');
    expect(await frontierOf(db, account.userId)).toBe(10);
  });

  it('follows cards created many at once (a placement test marking words known)', async () => {
    const { app, db } = ctx();
    await loadDeck(db, { language: getLanguage('spanish'), text: deckHead('spanish', 600) }, 1);
    const { cookie, userId } = await loginAs(app);
    const words = await deck(app);
    const all = (await app.inject({ method: 'GET', url: '/api/spanish' })).json<Word[]>();
    expect(all.length).toBeGreaterThanOrEqual(600);
    const known = all.filter((w) => w.rank <= 400 && w.rank !== 100);
    const fresh = cardState(newCardState(ctx().clock()));
    await db.writeTransaction(async (trx) => {
      for (let i = 0; i < known.length; i += 100) {
        const rows = known.slice(i, i + 100).map((w) => ({
          learner_id: userId,
          word_id: Number(w._id),
          language: 'spanish',
          direction: 'recognise' as const,
          answered_correctly: 1,
          ...fresh,
          last_failed_at: null,
          updated_at: 0,
        }));
        await trx.insertInto('progress').values(rows).execute();
      }
      await advanceFrontier(trx, db.dialect, { learnerId: userId, language: 'spanish', direction: 'recognise' });
    });
    const learner = learnerOn(app, cookie);
    expect(await frontierOf(db, userId)).toBe(100);
    expect(await learner.batchRanks()).toEqual([100, ...ranks(401, 414)]);
    await learner.answer(words[99] as Word, 'e-100');
    expect(await frontierOf(db, userId)).toBe(401);
    expect(await learner.batchRanks()).toEqual(ranks(401, 415));
  });
});
