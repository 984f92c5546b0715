import type { Transaction } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from '../test/harness.js';
import { GroupCommit } from './group-commit.js';
import type { Database } from './schema.js';

let tdb: TestDatabase;
beforeEach(async () => {
  tdb = await createTestDatabase('sqlite');
});
afterEach(async () => {
  await tdb.drop();
});

const message = (trx: Transaction<Database>, name: string) =>
  trx.insertInto('contact_messages').values({ name, email: `${name}@example.com`, message: 'hi', created_at: 1, status: 'stored', attempts: 0, next_attempt_at: 1 }).execute();

const storedNames = async () => (await tdb.db.kysely.selectFrom('contact_messages').select('name').orderBy('name').execute()).map((r) => r.name);

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

it('keeps working after a batch with a failure', async () => {
  const group = new GroupCommit(tdb.db.kysely);
  await expect(group.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
  await group.run((trx) => message(trx, 'later'));
  expect(await storedNames()).toEqual(['later']);
});
