import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { prepared } from './prepared.js';
import { describeEachDatabase } from '../test/harness.js';

const addUser = prepared(['id'], (p: { id: string }, db) => db.insertInto('users').values({ id: p.id, created_at: 0 }));
const addUserLast = addUser.endingTransaction();

/**
 * A transaction's BEGIN goes out with its first statement, and its COMMIT with a statement marked as its last
 * (db/database.ts): on PostgreSQL one round trip each where there were two. What a transaction means must not move.
 */
describeEachDatabase('the ends of a transaction', (ctx) => {
  const users = async () =>
    (await ctx().db.kysely.selectFrom('users').select('id').where('id', 'like', 'ends-%').orderBy('id').execute()).map(
      (u) => u.id,
    );

  it('commits what its last statement and the statements before it wrote, and nothing of one that failed', async () => {
    const { db } = ctx();
    await db.writeTransaction(async (trx) => {
      await addUser.executeWrite(trx, { id: 'ends-1' });
      await addUserLast.executeWrite(trx, { id: 'ends-2' });
    });
    expect(await users()).toEqual(['ends-1', 'ends-2']);

    // The last statement fails (the id is taken): its caller gets its error, and the statement before it is undone.
    const failed = db.writeTransaction(async (trx) => {
      await addUser.executeWrite(trx, { id: 'ends-3' });
      await addUserLast.executeWrite(trx, { id: 'ends-1' });
    });
    await expect(failed).rejects.toThrow(/unique|constraint/i);
    expect(await users()).toEqual(['ends-1', 'ends-2']);

    // The first statement fails: nothing after it runs, and the connection goes on serving.
    const first = db.writeTransaction(async (trx) => {
      await addUserLast.executeWrite(trx, { id: 'ends-2' });
    });
    await expect(first).rejects.toThrow(/unique|constraint/i);
    await db.writeTransaction((trx) => addUserLast.executeWrite(trx, { id: 'ends-4' }));
    expect(await users()).toEqual(['ends-1', 'ends-2', 'ends-4']);
  });

  it('undoes every statement of a transaction that fails after its first, begun with it', async () => {
    const { db } = ctx();
    const failed = db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto('users').values({ id: 'ends-5', created_at: 0 }).execute();
      await sql`insert into users (id, created_at) values ('ends-5', 0)`.execute(trx);
    });
    await expect(failed).rejects.toThrow(/unique|constraint/i);
    expect(await users()).toEqual([]);
    // A transaction that sent nothing ends without an error.
    await expect(db.kysely.transaction().execute(async () => 'nothing')).resolves.toBe('nothing');
  });

  it('on PostgreSQL, refuses a statement after the last one, loudly: the last one committed', async () => {
    const { db } = ctx();
    if (db.dialect !== 'postgres') return;
    const after = db.writeTransaction(async (trx) => {
      await addUserLast.executeWrite(trx, { id: 'ends-6' });
      await addUser.executeWrite(trx, { id: 'ends-7' });
    });
    await expect(after).rejects.toThrow(/after the one that ended its transaction|committed by its last statement/);
    expect(await users()).toEqual(['ends-6']);
  });
});
