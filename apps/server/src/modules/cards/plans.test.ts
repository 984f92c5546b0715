import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@vocab/core';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { ROOT_DIR } from '../../config.js';
import { type Db, openDatabase } from '../../db/database.js';
import { loadDeck } from '../content/deck-loader.js';
import {
  appTables,
  createTestDatabase,
  loginAs,
  testClock,
  testConfig,
  type TestDatabase,
} from '../../test/harness.js';

/**
 * The plans PostgreSQL chooses for the answer's and the batch's statements on a database nobody tuned: autovacuum
 * off (as on a fresh service, and for a minute after any bulk write on one with it on), the whole Spanish deck
 * loaded by the app, and a learner 300 words in. Each statement the requests sent is run again with EXPLAIN ANALYZE
 * (in a transaction rolled back), once as the app sends it and once forced to the generic plan a named statement
 * may switch to after five runs. A plan that walks the deck or the learner's cards instead of the rank index shows
 * as a node reading thousands of rows.
 */
const url = process.env.TEST_DATABASE_URL;
const LEARNED = 300;
const ANSWER_ID = 'explained-answer';
/** Rows a node may read, all loops together: the batch reads at most a few batches' worth of the deck's head. */
const MOST_ROWS_A_NODE_READS = 400;
/** Cards the frontier's walk looks up after the answer to the word at the frontier: a few words past it at most. */
const CARDS_A_WALK_PROBES = 10;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** Rows a node produced or threw away, over all its loops. */
const rowsRead = (n: PlanNode) =>
  ((n['Actual Rows'] ?? 0) +
    (n['Rows Removed by Filter'] ?? 0) +
    (n['Rows Removed by Join Filter'] ?? 0) +
    (n['Rows Removed by Index Recheck'] ?? 0)) *
  (n['Actual Loops'] ?? 1);

interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

/** Statements with a plan to choose: a plain INSERT of values has none (and could not run twice). */
const explainable = (s: Statement) =>
  /^\s*(select|insert|update|delete|with)\b/i.test(s.sql) && !/^\s*insert\b(?![\s\S]*\bselect\b)/i.test(s.sql);

/** The statement's plans, as the app runs it and as a generic plan, each executed and rolled back. */
async function plansOf(client: pg.Client, s: Statement): Promise<Array<{ mode: string; nodes: PlanNode[] }>> {
  const plans: Array<{ mode: string; nodes: PlanNode[] }> = [];
  for (const mode of ['auto', 'force_generic_plan']) {
    await client.query('begin');
    try {
      await client.query(`set local plan_cache_mode = ${mode}`);
      await client.query(`prepare explained as ${s.sql}`);
      // The answer's id is unique in the review log: the replay logs under another.
      const replayed = s.parameters.map((v) => (v === ANSWER_ID ? `${ANSWER_ID}-${mode}` : v));
      const values = replayed.map((v) =>
        v === null ? 'null' : typeof v === 'number' ? String(v) : client.escapeLiteral(String(v)),
      );
      const execute = values.length > 0 ? `execute explained(${values.join(', ')})` : 'execute explained';
      const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
        `explain (analyze, format json) ${execute}`,
      );
      const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
      if (!plan) throw new Error(`no plan for ${s.sql}`);
      plans.push({ mode, nodes: nodesOf(plan) });
    } finally {
      await client.query('rollback');
      await client.query('deallocate all'); // a prepared statement outlives its transaction
    }
  }
  return plans;
}

describe.skipIf(!url)('plans on a PostgreSQL nobody analysed', () => {
  let tdb: TestDatabase;
  let db: Db;
  const statements: Statement[] = [];
  let close: () => Promise<void>;
  let client: pg.Client;
  let cookie: string;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    tdb = await createTestDatabase('postgres', url);
    for (const table of await appTables(tdb.db))
      await sql.raw(`alter table ${table} set (autovacuum_enabled = false)`).execute(tdb.db.kysely);
    const spanish = LANGUAGES.find((l) => l.code === 'spanish');
    if (!spanish) throw new Error('no Spanish');
    await loadDeck(
      tdb.db,
      { language: spanish, text: fs.readFileSync(path.join(ROOT_DIR, 'content/decks/spanish.tsv'), 'utf8') },
      0,
    );
    db = openDatabase(tdb.target, { logQuery: (text, parameters) => statements.push({ sql: text, parameters }) });
    const clock = testClock();
    app = await buildApp({ config: testConfig(), db, clock, webDir: null, logger: false, maintenanceIntervalMs: 0 });
    close = async () => {
      await app.close();
      await db.close();
    };
    ({ cookie } = await loginAs(app, 'three-hundred'));
    let answered = 0;
    while (answered < LEARNED) {
      const batch = await app.inject({
        method: 'GET',
        url: '/api/spanish?unlearned=true&limit=15',
        headers: { cookie },
      });
      for (const word of batch.json<Array<{ _id: string }>>()) {
        const res = await app.inject({
          method: 'PATCH',
          url: `/api/spanish/${word._id}`,
          headers: { cookie },
          payload: { verdict: 'correct', answerId: `learned-${answered}`, sessionId: 'learning-session' },
        });
        expect(res.statusCode, res.body).toBe(200);
        answered += 1;
      }
      clock.advance(60_000);
    }
    // What the app's own housekeeping does for tables that changed since they were last analysed (here: the cards).
    await app.maintenance.runOnce();
    client = new pg.Client({ connectionString: tdb.target.kind === 'postgres' ? tdb.target.url : '' });
    await client.connect();
  }, 600_000);

  afterAll(async () => {
    await client?.end();
    await close?.();
    await tdb?.drop();
  });

  const sent = async (method: 'GET' | 'PATCH', target: string, payload?: object): Promise<Statement[]> => {
    statements.length = 0;
    const res = await app.inject({ method, url: target, headers: { cookie }, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return statements.filter(explainable);
  };

  it('leaves statistics of the deck it loaded', async () => {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_stats where schemaname = current_schema() and tablename = 'words'`.execute(
      tdb.db.kysely,
    );
    expect(rows[0]?.n).toBeGreaterThan(0);
  });

  it(
    'walks the rank index for the batch and the answer, ' + 'reading no more than a few hundred rows in any plan node',
    async () => {
      // The app's batch, and the one the original client asks for.
      const batch = [
        ...(await sent('GET', '/api/spanish?unlearned=true&limit=15')),
        ...(await sent('GET', '/api/users/languages/words/unlearned?language=spanish')),
      ];
      const [fresh] = (
        await app.inject({ method: 'GET', url: '/api/spanish?unlearned=true&limit=15', headers: { cookie } })
      ).json<Array<{ _id: string }>>();
      const answer = await sent('PATCH', `/api/spanish/${fresh?._id}`, {
        verdict: 'correct',
        answerId: ANSWER_ID,
        sessionId: 'explained-session',
      });
      expect(answer.some((s) => /update "frontiers"/.test(s.sql))).toBe(true);

      const worst: string[] = [];
      const walks: string[] = [];
      for (const statement of [...batch, ...answer]) {
        for (const { mode, nodes } of await plansOf(client, statement)) {
          for (const node of nodes) {
            if (rowsRead(node) > MOST_ROWS_A_NODE_READS)
              worst.push(
                `${mode}: ${node['Node Type']} on ${node['Relation Name'] ?? '-'} ` +
                  `read ${rowsRead(node)} rows in ${statement.sql.slice(0, 120)}`,
              );
          }
          // The frontier's walk stops at the first word without a card: it probes a card per word it passes, and
          // never reads the learner's cards wholesale (a generic plan expecting many words back did).
          if (/^update "frontiers"/.test(statement.sql))
            for (const node of nodes)
              if (node['Relation Name'] === 'progress' && rowsRead(node) > CARDS_A_WALK_PROBES)
                worst.push(`${mode}: ${node['Node Type']} read ${rowsRead(node)} of the learner's cards in the walk`);
          // The deck is walked from a rank: that walk must follow words_language_rank and stop early.
          if (/"w"\."rank" >=/.test(statement.sql) && !nodes.some((n) => n['Index Name'] === 'words_language_rank')) {
            const plan = nodes.map((n) => `${n['Node Type']} ${n['Index Name'] ?? n['Relation Name'] ?? ''}`);
            walks.push(`${mode}: ${plan.join(', ')} in ${statement.sql.slice(0, 120)}`);
          }
        }
      }
      expect(worst).toEqual([]);
      expect(walks).toEqual([]);
      expect(answer.concat(batch).filter((s) => /"w"\."rank" >=/.test(s.sql)).length).toBeGreaterThanOrEqual(2);
    },
    60_000,
  );
});
