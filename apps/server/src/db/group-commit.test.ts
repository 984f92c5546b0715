import { type Transaction, sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../test/harness.js';
import { GroupCommit } from './group-commit.js';
import type { Database } from './schema.js';
import { WriteWorkMisuse } from './write-guard.js';

let tdb: TestDatabase;
beforeEach(async () => {
  tdb = await createTestDatabase('sqlite');
});
afterEach(async () => {
  await tdb.drop();
});

const message = (trx: Transaction<Database>, name: string) =>
  trx
    .insertInto('contact_messages')
    .values({
      name,
      email: `${name}@example.com`,
      message: 'hi',
      created_at: 1,
      status: 'stored',
      attempts: 0,
      next_attempt_at: 1,
    })
    .execute();

const storedNames = async () =>
  (await tdb.db.kysely.selectFrom('contact_messages').select('name').orderBy('name').execute()).map((r) => r.name);

it('commits work that arrives together in fewer transactions, each piece answered with its own result', async () => {
  const group = new GroupCommit(tdb.db.kysely);
  const transactions = new Set<Transaction<Database>>();
  const names = Array.from({ length: 20 }, (_, i) => `n${String(i).padStart(2, '0')}`);
  const results = await Promise.all(
    names.map((name) =>
      group.run(async (trx) => {
        transactions.add(trx);
        await message(trx, name);
        return name.toUpperCase();
      }),
    ),
  );
  expect(results).toEqual(names.map((n) => n.toUpperCase()));
  expect(await storedNames()).toEqual(names);
  // All 20 arrived in one turn of the event loop: one commit.
  expect(transactions.size).toBe(1);
});

it('rolls back and rejects only the piece that failed; the others in its commit are stored', async () => {
  const group = new GroupCommit(tdb.db.kysely);
  const outcomes = await Promise.allSettled([
    group.run((trx) => message(trx, 'first')),
    group.run((trx) => message(trx, 'second')),
    group.run(async (trx) => {
      await message(trx, 'half-done');
      throw new Error('refused halfway');
    }),
    group.run((trx) => message(trx, 'third')),
  ]);
  expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
  expect(outcomes[2]?.status === 'rejected' && (outcomes[2].reason as Error).message).toBe('refused halfway');
  expect(await storedNames()).toEqual(['first', 'second', 'third']);
});

it('rolls back all of a piece alone in its commit that fails halfway', async () => {
  const group = new GroupCommit(tdb.db.kysely);
  await expect(
    group.run(async (trx) => {
      await message(trx, 'half-done');
      throw new Error('refused halfway');
    }),
  ).rejects.toThrow('refused halfway');
  expect(await storedNames()).toEqual([]);
});

it('keeps working after a batch with a failure', async () => {
  const group = new GroupCommit(tdb.db.kysely);
  await expect(group.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
  await group.run((trx) => message(trx, 'later'));
  expect(await storedNames()).toEqual(['later']);
});

it('rejects every piece of a batch whose commit fails, and loses none of the batch queued behind it', async () => {
  const group = new GroupCommit(tdb.db.kysely);
  // 31 pieces and a foreign key checked only at COMMIT fill the first batch (32 at most): each piece succeeds, the
  // commit of the whole batch fails. The two pieces behind them wait for the next batch.
  const first: Array<Promise<unknown>> = Array.from({ length: 31 }, (_, i) =>
    group.run((trx) => message(trx, `a${String(i).padStart(2, '0')}`)),
  );
  first.push(
    group.run(async (trx) => {
      await sql`pragma defer_foreign_keys = on`.execute(trx);
      await trx
        .insertInto('sessions')
        .values({ token_hash: 'orphan', user_id: 'nobody', created_at: 1, last_seen_at: 1, expires_at: 2 })
        .execute();
    }),
  );
  const next = ['b1', 'b2'].map((name) => group.run((trx) => message(trx, name)));
  const outcomes = await Promise.allSettled([...first, ...next]);
  const codes = outcomes.map((o) => (o.status === 'rejected' ? (o.reason as { code?: string }).code : 'stored'));
  expect(codes).toEqual([...Array<string>(32).fill('SQLITE_CONSTRAINT_FOREIGNKEY'), 'stored', 'stored']);
  expect(await storedNames()).toEqual(['b1', 'b2']);
});

it('splits work beyond the largest batch into several commits, each piece answered', async () => {
  const group = new GroupCommit(tdb.db.kysely);
  const transactions = new Set<Transaction<Database>>();
  const names = Array.from({ length: 70 }, (_, i) => `m${String(i).padStart(2, '0')}`);
  const results = await Promise.all(
    names.map((name) =>
      group.run(async (trx) => {
        transactions.add(trx);
        await message(trx, name);
        return name;
      }),
    ),
  );
  expect(results).toEqual(names);
  expect(await storedNames()).toEqual(names);
  // 32 pieces at most per commit: 70 arrived in one turn, so three commits.
  expect(transactions.size).toBe(3);
});

it(
  'refuses a piece that queries the database instead of its transaction; ' + 'its neighbours commit and nothing hangs',
  async () => {
    const group = new GroupCommit(tdb.db.kysely);
    const outcomes = await Promise.allSettled([
      group.run((trx) => message(trx, 'before')),
      // On SQLite this query would wait for the write lock its own batch holds, and every query with it.
      group.run(async () => {
        await tdb.db.kysely.selectFrom('contact_messages').select('name').execute();
      }),
      group.run(async (trx) => {
        await message(trx, 'nested');
        await group.run((inner) => message(inner, 'inner'));
      }),
      group.run((trx) => message(trx, 'after')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(outcomes[1]?.status === 'rejected' && outcomes[1].reason).toBeInstanceOf(WriteWorkMisuse);
    expect(outcomes[2]?.status === 'rejected' && outcomes[2].reason).toBeInstanceOf(WriteWorkMisuse);
    expect(await storedNames()).toEqual(['after', 'before']);
  },
);
