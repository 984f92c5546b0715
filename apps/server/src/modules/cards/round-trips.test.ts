import { expect, it } from 'vitest';
import { SESSION_TRUST_MS } from '../auth/session-cache.js';
import { appWithStatementLog, describeEachDatabase, loginAs } from '../../test/harness.js';

/**
 * The statements a request sends (BEGIN and COMMIT included): the session's lookup, at most once per SESSION_TRUST_MS
 * (modules/auth/session-cache.ts), then the request's own. Counted as Kysely sends them, so a statement added to the
 * answer's path shows here; on PostgreSQL the round trips they take too, as the connection sends them.
 */
describeEachDatabase('statements per request', (ctx) => {
  it(
    'answers a batch in one statement, its session read again only once trusted no longer, ' +
      'and an answer in four statements and two round trips on PostgreSQL (more for a word met the first time, ' +
      'whose card moves the frontier)',
    async () => {
      const logged = await appWithStatementLog(ctx());
      const { app, db, statements, roundTrips } = logged;
      try {
        const { cookie } = await loginAs(app, 'counted');
        const sent = async (method: 'GET' | 'PATCH', url: string, payload?: object) => {
          await db.kysely.selectFrom('users').select('id').where('username', '=', 'settle').execute();
          statements.length = 0;
          roundTrips.length = 0;
          const res = await app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
          expect(res.statusCode, res.body).toBe(200);
          return { res, statements: [...statements], roundTrips: [...roundTrips] };
        };
        // The deck is read once per process, on first use (learning/deck-cache.ts), and the session on first use.
        await sent('GET', '/api/spanish?unlearned=true&limit=15');
        const batch = await sent('GET', '/api/spanish?unlearned=true&limit=15');
        expect(batch.statements).toHaveLength(1);
        ctx().clock.advance(SESSION_TRUST_MS);
        const later = await sent('GET', '/api/spanish?unlearned=true&limit=15');
        expect(later.statements).toHaveLength(2);
        expect(later.statements[0]).toMatch(/from "sessions"/);
        const [first] = batch.res.json<Array<{ _id: string }>>();

        const fresh = await sent('PATCH', `/api/spanish/${first?._id}`, {
          verdict: 'correct',
          answerId: 'counted-answer-1',
          sessionId: 'counted-quiz-1',
        });
        const again = await sent('PATCH', `/api/spanish/${first?._id}`, {
          verdict: 'correct',
          answerId: 'counted-answer-2',
          sessionId: 'counted-quiz-2',
        });
        if (db.dialect === 'postgres') {
          // BEGIN, the card held (created if new) with the memory model and the answer's id and session checked, the
          // card saved with the answer logged, COMMIT.
          expect(again.statements).toHaveLength(4);
          // The BEGIN goes out with the statement after it, and the COMMIT with the answer's last, each pair in one
          // round trip (db/database.ts); Kysely's own COMMIT is answered without one.
          expect(again.roundTrips.map((sent) => sent.length)).toEqual([2, 2]);
          expect(again.roundTrips[0]?.[0]).toBe('begin');
          expect(again.roundTrips[1]?.[1]).toBe('commit');
          expect(batch.roundTrips).toHaveLength(1);
          // A deck word's first card moves the frontier: its row held in the save's statement, then moved by the walk
          // from it.
          expect(fresh.statements).toHaveLength(5);
          expect(fresh.roundTrips.map((sent) => sent.length)).toEqual([2, 1, 2]);
        } else {
          // The group commit's BEGIN and COMMIT around an answer alone in its commit (no savepoint: only a batch with a
          // failed piece runs again piece by piece), inside them the answer's checks with the card and the memory
          // model, then the save and the log (in-process statements cost no round trip: they stay apart).
          expect(again.statements).toHaveLength(5);
          // A new card is inserted in its state after the answer (no update after it), and a deck word's first card
          // moves the frontier in one statement.
          expect(fresh.statements).toHaveLength(6);
        }
      } finally {
        await logged.close();
      }
    },
  );
});
