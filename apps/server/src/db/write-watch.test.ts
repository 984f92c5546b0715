import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';

describeEachDatabase('the write watch', (ctx) => {
  /** Runs `use` with a watcher of writes to `users` that counts what it is told, stopped after. */
  const watchingUsers = async (use: (watcher: { told: number }) => Promise<void>) => {
    const watcher = { told: 0, matches: (text: string) => /"?users"?\s/.test(text), committed: () => watcher.told++ };
    const stop = ctx().db.watchWrites(watcher);
    try {
      await use(watcher);
    } finally {
      stop();
    }
    return watcher;
  };
  const addUser = (id: string) => ctx().db.kysely.insertInto('users').values({ id, created_at: 0 }).execute();

  it('tells of a write in a transaction only once it committed, however the transaction was begun', async () => {
    const { db } = ctx();
    await watchingUsers(async (watcher) => {
      await db.writeTransaction(async (trx) => {
        await trx.insertInto('users').values({ id: 'w1', created_at: 0 }).execute();
        await trx.updateTable('users').set({ created_at: 1 }).where('id', '=', 'w1').execute();
        // A cache emptied now could be filled again from the row as committed before.
        expect(watcher.told).toBe(0);
      });
      expect(watcher.told).toBe(1);
      await db.kysely.transaction().execute(async (trx) => {
        await trx.deleteFrom('users').where('id', '=', 'w1').execute();
        expect(watcher.told).toBe(1);
      });
      expect(watcher.told).toBe(2);
    });
  });

  it('tells of a write outside a transaction once it ran, written by Kysely or as SQL text', async () => {
    await watchingUsers(async (watcher) => {
      await addUser('w2');
      expect(watcher.told).toBe(1);
      await sql`update users set created_at = 2 where id = 'w2'`.execute(ctx().db.kysely);
      expect(watcher.told).toBe(2);
    });
  });

  it('does not tell of reads, of writes it does not match, or once stopped', async () => {
    const { db } = ctx();
    const watcher = await watchingUsers(async () => {
      await db.kysely.selectFrom('users').select('id').execute();
      await db.writeTransaction((trx) => trx.updateTable('words').set({ active: 1 }).where('rank', '<', 0).execute());
      await db.kysely.deleteFrom('sessions').where('user_id', '=', 'nobody').execute();
    });
    expect(watcher.told).toBe(0);
    await addUser('w3');
    expect(watcher.told).toBe(0);
  });
});
