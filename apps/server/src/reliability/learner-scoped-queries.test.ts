import { expect, it } from 'vitest';
import { appWithStatementLog, describeEachDatabase, loginAs } from '../test/harness.js';

/**
 * Every statement on a table a learner owns names the learner's id, so that the tables can be distributed by it
 * (Citus, with the learner's id as distribution column: docs/scaling.md) and each request stays on one node. The
 * statements of a learner's whole journey through the API are captured as Kysely compiles them and checked.
 */
const LEARNER_TABLES: Record<string, string[]> = {
  progress: ['learner_id'],
  reviews: ['learner_id'],
  placements: ['learner_id'],
  frontiers: ['learner_id'],
  learning_starts: ['learner_id'],
  taken_back_answers: ['learner_id'],
  memory_models: ['learner_id'],
  user_languages: ['user_id'],
  // A session and a known browser are found by their token before the learner is known: they are distributed by
  // the token's hash (docs/scaling.md), and "log out everywhere" names the account across them.
  sessions: ['token_hash', 'user_id'],
  known_devices: ['token_hash', 'user_id'],
};

/** The learner-owned tables a statement touches without naming one of their keys in a condition or a new row. */
export function unscopedTables(statement: string): string[] {
  const sql = statement.replace(/\s+/g, ' ');
  const names = (key: string) => new RegExp(`\\b${key}"? (=|in) |insert into [^(]*\\([^)]*"${key}"`).test(sql);
  return (
    Object.entries(LEARNER_TABLES)
      // Kysely quotes the names it writes; hand-written SQL (sql`…`) may not.
      .filter(([table]) => new RegExp(`\\b(from|join|into|update) "?${table}"?(\\s|$)`, 'i').test(sql))
      .filter(([, keys]) => !keys.some(names))
      .map(([table]) => table)
  );
}

describeEachDatabase('queries of learner-owned tables', (ctx) => {
  it("name the learner's id in every statement of a learner's journey", async () => {
    const logged = await appWithStatementLog(ctx());
    const { app, statements } = logged;
    try {
      const { cookie } = await loginAs(app, 'journey');
      const call = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) => {
        const res = await app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(400);
        return res;
      };
      const words = (await call('GET', '/api/spanish')).json<Array<{ _id: string }>>();
      await call('PATCH', `/api/spanish/${words[0]?._id}`, {
        verdict: 'correct',
        answerId: 'journey-1',
        sessionId: 'journey-quiz-1',
      });
      await call('PATCH', `/api/spanish/${words[1]?._id}`, {
        verdict: 'wrong',
        answerId: 'journey-2',
        sessionId: 'journey-quiz-1',
      });
      await call('POST', '/api/spanish/answers/journey-2/i-was-right');
      await call('PATCH', `/api/spanish/${words[2]?._id}`, { verdict: 'wrong', answerId: 'journey-3' });
      await call('POST', '/api/spanish/answers/journey-3/undo');
      await call('POST', '/api/spanish', { word: 'la pizarra', translation: 'blackboard' });
      await app.inject({
        method: 'POST',
        url: '/api/spanish/import',
        headers: { cookie, 'content-type': 'text/plain' },
        payload: 'el pupitre\tdesk\n',
      });
      for (const url of [
        '/api/spanish?unlearned=true&limit=15',
        '/api/spanish/for-review',
        '/api/spanish/stats',
        '/api/spanish/progress',
        '/api/stats/summary',
        '/api/spanish/memory-model',
        '/api/spanish/export/words',
        '/api/spanish/export/reviews',
        '/api/settings',
        '/api/account/sessions',
        '/api/spanish/placement',
      ]) {
        await call('GET', url);
      }
      await call('PATCH', '/api/settings', { dailyGoal: 30 });
      await call('POST', '/api/account/delete', { password: 'correct horse' });
    } finally {
      await logged.close();
    }
    const unscoped = statements.map((sql) => ({ sql, tables: unscopedTables(sql) })).filter((s) => s.tables.length > 0);
    expect(statements.length).toBeGreaterThan(50);
    // The check sees the tables: a statement without the learner's id is caught.
    expect(unscopedTables('delete from "reviews" where "id" = ?')).toEqual(['reviews']);
    expect(unscopedTables('select * from progress p where p.word_id = $1')).toEqual(['progress']);
    expect(unscoped).toEqual([]);
  }, 60_000);
});
