import type { MemoryModel } from '@vocab/api';
import { DEFAULT_PARAMETERS, effectiveRetention, newCardState, reviewCard } from '@vocab/core';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { TEST_DECK_SIZE, type TestContext, describeEachDatabase, loginAs } from '../../test/harness.js';
import { MemoryFitter } from './fitter.js';
import { Cards } from '../cards/cards.js';
import { MemoryRepository } from './memory.repository.js';

const DAY = 86_400_000;
/** Each test answers a few hundred times through the app and runs a fit process: seconds, more on a busy machine. */
const SLOW = 120_000;
type Word = { _id: string; word: string; due: number | null };

let answerCount = 0;

/** A learner who forgets fast: most words studied are missed two days later, the rest right. */
async function studyDays(ctx: TestContext, cookie: string, days: number[]): Promise<Word[]> {
  const { app, clock } = ctx;
  const words = (await app.inject({ method: 'GET', url: '/api/spanish', headers: { cookie } })).json<Word[]>();
  const start = clock();
  for (const day of days) {
    clock.set(start + day * DAY);
    for (const [i, w] of words.entries()) {
      const verdict = day === 0 ? 'correct' : (i + day) % 3 === 0 ? 'correct' : 'wrong';
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/spanish/${w._id}`,
        headers: { cookie },
        payload: { verdict, answerId: `answer-${answerCount++}-xyz` },
      });
      if (res.statusCode !== 200) throw new Error(`answer: ${res.statusCode} ${res.body}`);
    }
  }
  return words;
}

const model = async (app: FastifyInstance, cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/spanish/memory-model', headers: { cookie } })).json<MemoryModel>();

describeEachDatabase('memory model', (ctx) => {
  it(
    "keeps FSRS's defaults until the log is large enough, then fits the learner's own parameters off the answer path",
    async () => {
      const { app, db } = ctx();
      const { cookie, userId } = await loginAs(app);
      await studyDays(ctx(), cookie, [0]);
      expect((await app.memoryFitter.runOnce()).fitted).toBe(0);
      // The fit was tried and kept the standard model: every review was on the day its word was first seen.
      expect(await model(app, cookie)).toMatchObject({
        status: 'defaults',
        version: 0,
        parameters: null,
        report: null,
        reviewCount: TEST_DECK_SIZE,
        tooFewUsable: {
          at: ctx().clock(),
          reviews: TEST_DECK_SIZE,
          usable: 0,
          needed: 32,
          nextAttemptAt: TEST_DECK_SIZE + 25,
        },
      });

      // No review since that pass: the next one has nothing to look for and starts no fit process.
      expect(await app.memoryFitter.runOnce()).toMatchObject({ candidates: 0, processes: 0 });

      await studyDays(ctx(), cookie, [2, 5, 9]);
      const pass = await app.memoryFitter.runOnce();
      expect(pass).toMatchObject({ fitted: 1, failed: 0, processes: 1 });
      const fitted = await model(app, cookie);
      expect(fitted.status).toBe('fitted');
      expect(fitted.tooFewUsable).toBeNull();
      expect(fitted.version).toBe(1);
      expect(fitted.reviewCount).toBe(4 * TEST_DECK_SIZE);
      expect(fitted.parameters).toHaveLength(21);
      expect(fitted.parameters).not.toEqual([...DEFAULT_PARAMETERS]);
      const report = fitted.report;
      expect(report?.items).toBe(3 * TEST_DECK_SIZE);
      expect(report?.calibration.reduce((n, b) => n + b.reviews, 0)).toBe(3 * TEST_DECK_SIZE);
      // Two in three answers after a gap were wrong: the fitted model predicts that better than the defaults.
      expect(report && report.logLoss.fitted < report.logLoss.defaults).toBe(true);
      expect(report?.workload.map((w) => w.retention)).toEqual([0.8, 0.85, 0.9, 0.95, 0.97]);
      expect(report?.cardsRescheduled).toBeGreaterThan(0);

      // The next answers are scheduled with the learner's parameters.
      const cards = await db.kysely
        .selectFrom('progress')
        .selectAll()
        .where('learner_id', '=', userId)
        .orderBy('word_id')
        .limit(10)
        .execute();
      ctx().clock.advance(3 * DAY);
      const now = ctx().clock();
      let differ = 0;
      for (const card of cards) {
        const res = await app.inject({
          method: 'PATCH',
          url: `/api/spanish/${card.word_id}`,
          headers: { cookie },
          payload: { verdict: 'correct' },
        });
        // At the learner's retention, moved by what the model's calibration says it over- or underrates them by.
        const desiredRetention = effectiveRetention(0.9, report?.retentionCorrection ?? 0);
        const expected = reviewCard({ ...newCardState(0), ...card }, 'correct', {
          nowMs: now,
          parameters: fitted.parameters,
          desiredRetention,
        }).card.due;
        const withDefaults = reviewCard({ ...newCardState(0), ...card }, 'correct', { nowMs: now }).card.due;
        expect(res.json<{ word: Word }>().word.due).toBe(expected);
        if (expected !== withDefaults) differ++;
      }
      expect(differ).toBeGreaterThan(0);

      // Grown by less than a quarter: no new fit.
      expect((await app.memoryFitter.runOnce()).fitted).toBe(0);
    },
    SLOW,
  );

  it(
    'a fit that fails or runs long leaves the last good parameters serving and is not retried for a day',
    async () => {
      const { app, db, clock } = ctx();
      const { cookie, userId } = await loginAs(app);
      await studyDays(ctx(), cookie, [0, 2, 5, 9]);
      await app.memoryFitter.runOnce();
      const good = await model(app, cookie);
      expect(good.status).toBe('fitted');

      await studyDays(ctx(), cookie, [12, 16]);
      const logged: string[] = [];
      const log = {
        info: () => undefined,
        warn: (_: object, msg: string) => logged.push(msg),
        error: (_: object, msg: string) => logged.push(msg),
      };
      const impatient = new MemoryFitter({
        target: db.target,
        models: new MemoryRepository(db, new Cards(db)),
        clock,
        log,
        options: { fitTimeoutMs: 1 },
      });
      const pass = await impatient.runOnce();
      // No fit finishes within 1 ms: its process is killed, and that is all that happens.
      expect(pass).toMatchObject({ failed: 1, fitted: 0 });
      expect(logged.some((m) => m.includes('a fit failed'))).toBe(true);
      const after = await model(app, cookie);
      expect(after).toMatchObject({ status: 'failed', version: good.version, parameters: good.parameters });
      const row = await db.kysely
        .selectFrom('memory_models')
        .select(['next_fit_at', 'last_error'])
        .where('learner_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(Number(row.next_fit_at)).toBeGreaterThan(clock() + 23 * 3_600_000);
      expect(row.last_error).toMatch(/longer than 1 ms/);
      // Within the day the patient fitter leaves the learner alone; the server answered throughout.
      expect((await app.memoryFitter.runOnce()).fitted).toBe(0);
      expect(
        (await app.inject({ method: 'GET', url: '/api/spanish/for-review', headers: { cookie } })).statusCode,
      ).toBe(200);
    },
    SLOW,
  );

  it(
    'fits through a hostile log: one card answered ten thousand times, answers dated years back and ahead, bad ratings',
    async () => {
      const { app, db, clock } = ctx();
      const { cookie, userId } = await loginAs(app);
      const words = await studyDays(ctx(), cookie, [0, 2, 5, 9]);
      const wordId = Number(words[0]?._id);
      const row = (i: number, reviewedAt: number, rating: number) => ({
        learner_id: userId,
        word_id: wordId,
        direction: 'recognise' as const,
        answer_id: null,
        session_id: null,
        rating,
        verdict: 'correct',
        typed: '',
        scheduled: 1,
        previous: null,
        state: 2,
        elapsed_days: 1,
        scheduled_days: 1,
        reviewed_at: reviewedAt + i,
      });
      const hostile = [
        ...Array.from({ length: 10_000 }, (_, i) => row(i, clock() - 30 * DAY + i * 60_000, i % 7 === 0 ? 1 : 3)),
        row(0, clock() - 20 * 365 * DAY, 3),
        row(0, clock() + 5 * 365 * DAY, 3),
        row(0, clock() - DAY, 9),
        row(0, clock() - DAY, 0),
      ];
      for (let i = 0; i < hostile.length; i += 500)
        await db.kysely
          .insertInto('reviews')
          .values(hostile.slice(i, i + 500))
          .execute();
      const pass = await app.memoryFitter.runOnce();
      expect(pass).toMatchObject({ fitted: 1, failed: 0 });
      const fitted = await model(app, cookie);
      expect(fitted.parameters?.every(Number.isFinite)).toBe(true);
      // The answer path goes on with the new parameters.
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/spanish/${wordId}`,
        headers: { cookie },
        payload: { verdict: 'correct' },
      });
      expect(res.statusCode).toBe(200);
    },
    SLOW,
  );

  it(
    'two instances on one database fit a learner once',
    async () => {
      const { app, db, clock } = ctx();
      const { cookie } = await loginAs(app);
      await studyDays(ctx(), cookie, [0, 2, 5, 9]);
      const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
      const other = new MemoryFitter({
        target: db.target,
        models: new MemoryRepository(db, new Cards(db)),
        clock,
        log: quiet,
      });
      const [a, b] = await Promise.all([app.memoryFitter.runOnce(), other.runOnce()]);
      expect(a.fitted + b.fitted).toBe(1);
      expect((await model(app, cookie)).version).toBe(1);
    },
    SLOW,
  );

  it(
    'moves through the log when more learners are due than a pass has time for, and remembers it across a restart',
    async () => {
      const { app, db, clock } = ctx();
      const first = await loginAs(app, 'first');
      const second = await loginAs(app, 'second');
      await studyDays(ctx(), first.cookie, [0, 2, 5, 9]);
      clock.set(clock() - 9 * DAY);
      await studyDays(ctx(), second.cookie, [0, 2, 5, 9]);
      const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
      const repository = new MemoryRepository(db, new Cards(db));
      const instance = () =>
        new MemoryFitter({ target: db.target, models: repository, clock, log: quiet, options: { passBudgetMs: 0 } });
      const cursor = async () => {
        const row = await db.kysely.selectFrom('memory_fit_cursor').select('after_review_id').executeTakeFirstOrThrow();
        return Number(row.after_review_id);
      };
      const newest = await db.kysely
        .selectFrom('reviews')
        .select((e) => e.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      const lastReview = Number(newest.id);

      // Two due, one fitted: the cursor moves up to the second learner's first review rather than standing still.
      expect(await instance().runOnce()).toMatchObject({ candidates: 2, fitted: 1 });
      expect(await model(app, first.cookie)).toMatchObject({ status: 'fitted' });
      const between = await cursor();
      expect(between).toBeGreaterThan(0);
      expect(between).toBeLessThan(lastReview);
      // The next pass (another instance, or this one after a restart) starts there and fits the other learner.
      expect(await instance().runOnce()).toMatchObject({ candidates: 1, fitted: 1 });
      expect(await model(app, second.cookie)).toMatchObject({ status: 'fitted' });
      expect(await cursor()).toBe(lastReview);
      // After a restart nothing is read again: no review is new, and no fit process starts.
      expect(await instance().runOnce()).toMatchObject({ candidates: 0, processes: 0 });
    },
    SLOW,
  );

  it(
    'one pass goes on fitting while its time lasts: 51 learners due are all tried in one fit process',
    async () => {
      const { app, db, clock } = ctx();
      const words = await db.kysely.selectFrom('words').select('id').where('language', '=', 'spanish').execute();
      const learners = Array.from({ length: 51 }, (_, i) => `learner-${String(i).padStart(2, '0')}`);
      for (const id of learners) {
        await db.kysely
          .insertInto('users')
          .values({ id, username: null, username_key: null, password_hash: null, created_at: clock() })
          .execute();
        // One first answer to each word of the deck: a log large enough to try, too young to learn from.
        const reviews = words.map((w) => ({
          learner_id: id,
          word_id: w.id,
          direction: 'recognise' as const,
          answer_id: null,
          session_id: null,
          rating: 3,
          verdict: 'correct',
          typed: '',
          scheduled: 1,
          previous: null,
          state: 0,
          elapsed_days: 0,
          scheduled_days: 0,
          reviewed_at: clock(),
        }));
        await db.kysely.insertInto('reviews').values(reviews).execute();
      }
      const pass = await app.memoryFitter.runOnce();
      expect(pass).toMatchObject({ candidates: learners.length, tooFew: learners.length, failed: 0, processes: 1 });
      const tried = await db.kysely
        .selectFrom('memory_models')
        .select('learner_id')
        .where('attempted_at', 'is not', null)
        .execute();
      expect(tried.map((m) => m.learner_id).sort()).toEqual(learners);
      expect(await app.memoryFitter.runOnce()).toMatchObject({ candidates: 0, processes: 0 });
    },
    SLOW,
  );

  it(
    'deleting the account deletes its memory models; a visitor sees the defaults',
    async () => {
      const { app, db } = ctx();
      const { cookie, userId } = await loginAs(app);
      await studyDays(ctx(), cookie, [0, 2, 5, 9]);
      await app.memoryFitter.runOnce();
      expect(
        await db.kysely.selectFrom('memory_models').select('learner_id').where('learner_id', '=', userId).execute(),
      ).toHaveLength(1);
      const deleted = await app.inject({
        method: 'POST',
        url: '/api/account/delete',
        headers: { cookie },
        payload: { password: 'correct horse' },
      });
      expect(deleted.statusCode).toBeLessThan(300);
      expect(await db.kysely.selectFrom('memory_models').select('learner_id').execute()).toHaveLength(0);
      expect((await app.inject({ method: 'GET', url: '/api/spanish/memory-model' })).json<MemoryModel>()).toMatchObject(
        { status: 'defaults', reviewCount: 0 },
      );
    },
    SLOW,
  );
});
