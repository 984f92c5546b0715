import { type Transaction, sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';
import { signal } from '../test/signal.js';
import { PreparedQueryMisuse, prepared } from './prepared.js';
import type { Database } from './schema.js';

describeEachDatabase('prepared queries', (ctx) => {
  const byLanguage = () =>
    prepared(['language', 'from', 'limit'], (p: { language: string; from: number; limit: number }) =>
      ctx()
        .db.kysely.selectFrom('words')
        .select(['word', 'rank'])
        .where('language', '=', p.language)
        .where('owner_id', 'is', null)
        .where('rank', '>=', p.from)
        .where('active', '=', 1)
        .orderBy('rank')
        .limit(p.limit),
    );

  it("answers each run with that run's values, as the same query built afresh would", async () => {
    const db = ctx().db.kysely;
    const query = byLanguage();
    for (const [language, from, limit] of [
      ['spanish', 1, 3],
      ['french', 5, 2],
      ['spanish', 10, 4],
    ] as const) {
      const fresh = await db
        .selectFrom('words')
        .select(['word', 'rank'])
        .where('language', '=', language)
        .where('owner_id', 'is', null)
        .where('rank', '>=', from)
        .where('active', '=', 1)
        .orderBy('rank')
        .limit(limit)
        .execute();
      expect(fresh).toHaveLength(limit);
      expect(await query.execute(db, { language, from, limit })).toEqual(fresh);
    }
  });

  it('binds a parameter used twice, keeps constants, and writes inside a transaction', async () => {
    const db = ctx().db.kysely;
    const insert = prepared(['name', 'email', 'at'], (p: { name: string; email: string; at: number }) =>
      db.insertInto('contact_messages').values({
        name: p.name,
        email: p.email,
        message: sql<string>`${p.name} || ' wrote'`,
        created_at: p.at,
        status: 'stored',
        attempts: 0,
        next_attempt_at: p.at,
      }),
    );
    await db.transaction().execute(async (trx) => {
      expect(await insert.executeWrite(trx, { name: 'Ana', email: 'ana@example.com', at: 5 })).toBe(1);
      expect(await insert.executeWrite(trx, { name: 'Bo', email: 'bo@example.com', at: 7 })).toBe(1);
    });
    const rows = await db
      .selectFrom('contact_messages')
      .select(['name', 'email', 'message', 'created_at', 'next_attempt_at', 'status'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        name: 'Ana',
        email: 'ana@example.com',
        message: 'Ana wrote',
        created_at: 5,
        next_attempt_at: 5,
        status: 'stored',
      },
      { name: 'Bo', email: 'bo@example.com', message: 'Bo wrote', created_at: 7, next_attempt_at: 7, status: 'stored' },
    ]);
  });

  it('refuses to run without a value for a parameter', async () => {
    const query = byLanguage();
    await expect(query.execute(ctx().db.kysely, { language: 'spanish', from: 1 } as never)).rejects.toThrow(
      'no value for parameter "limit"',
    );
  });

  it('refuses, when built, a parameter that would shape the query instead of being bound', async () => {
    const db = ctx().db.kysely;
    const misuses = {
      // A branch on a value: the query compiled once would follow the first run's value for ever.
      branch: prepared(['owner'], (p: { owner: string | null }) =>
        db
          .selectFrom('words')
          .select('id')
          .where('owner_id', p.owner === null ? 'is' : '=', null),
      ),
      // A default: the same, and the parameter is never bound.
      fallback: prepared(['limit'], (p: { limit?: number }) =>
        db
          .selectFrom('words')
          .select('id')
          .limit(10)
          .offset(p.limit === undefined ? 0 : 5),
      ),
      // A list for IN: one bound value cannot be a list.
      list: prepared(['ids'], (p: { ids: number[] }) =>
        db
          .selectFrom('words')
          .select('id')
          .where('id', 'in', p.ids.length > 0 ? p.ids : [0]),
      ),
      // Arithmetic on a value.
      arithmetic: prepared(['limit'], (p: { limit: number }) =>
        db
          .selectFrom('words')
          .select('id')
          .limit(p.limit + 1),
      ),
      // A spread of the parameters.
      spread: prepared(['language'], (p: { language: string }) =>
        db
          .selectFrom('words')
          .select('id')
          .where((eb) => eb.and({ ...p })),
      ),
    };
    const params = { owner: null, limit: 3, ids: [1, 2], language: 'spanish' };
    for (const [name, query] of Object.entries(misuses)) {
      await expect(query.execute(db, params as never), name).rejects.toThrow(PreparedQueryMisuse);
    }
  });

  it('names every parameter up front (a parameter left out is a type error); a named one may go unused', async () => {
    const db = ctx().db.kysely;
    const unnamed = prepared(['language'], (p: { language: string; limit: number }) =>
      db.selectFrom('words').select('id').where('language', '=', p.language).limit(p.limit),
    );
    // @ts-expect-error: "limit" is read but not named, so the query cannot be run.
    expect(() => unnamed.execute).toBeDefined();
    const unused = prepared(['language', 'limit'], (p: { language: string; limit: number }) =>
      db.selectFrom('words').select('id').where('language', '=', p.language),
    );
    expect((await unused.execute(db, { language: 'spanish', limit: 3 })).length).toBeGreaterThan(3);
  });

  it('refuses a list bound where one value goes', async () => {
    const db = ctx().db.kysely;
    const query = prepared(['ids'], (p: { ids: number[] }) =>
      db.selectFrom('words').select('id').where('id', 'in', p.ids),
    );
    await expect(query.execute(db, { ids: [1, 2] })).rejects.toThrow('is a list');
  });

  it('builds a query declared once on the runner it is given, a transaction included', async () => {
    const db = ctx().db.kysely;
    const count = prepared(['language'], (p: { language: string }, runner) =>
      runner
        .selectFrom('words')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('language', '=', p.language),
    );
    const outside = await count.executeTakeFirst(db, { language: 'spanish' });
    const inside = await db.transaction().execute((trx) => count.executeTakeFirst(trx, { language: 'spanish' }));
    expect(Number(inside?.n)).toBe(Number(outside?.n));
    expect(Number(outside?.n)).toBeGreaterThan(0);
  });

  it(
    'runs inside a SQLite write transaction at once on its connection, seeing its writes, ' +
      'and by Kysely once the transaction is over',
    async () => {
      const { db } = ctx();
      const wordById = prepared(['id'], (p: { id: number }, runner) =>
        runner.selectFrom('words').select(['word', 'rank']).where('id', '=', p.id),
      );
      const first = await db.kysely.selectFrom('words').select(['id', 'rank']).orderBy('id').executeTakeFirstOrThrow();
      const rank = await db.writeTransaction(async (trx) => {
        const byKysely = vi.spyOn(trx, 'executeQuery');
        await trx.updateTable('words').set({ rank: 9_999 }).where('id', '=', first.id).execute();
        byKysely.mockClear();
        const row = await wordById.executeTakeFirst(trx, { id: first.id });
        // On SQLite the statement ran on the connection the transaction holds; PostgreSQL's goes by Kysely.
        expect(byKysely).toHaveBeenCalledTimes(db.dialect === 'sqlite' ? 0 : 1);
        await trx.updateTable('words').set({ rank: first.rank }).where('id', '=', first.id).execute();
        return row?.rank;
      });
      expect(rank).toBe(9_999);
      let kept: Transaction<Database> | undefined;
      await db.writeTransaction(async (trx) => {
        kept = trx;
      });
      // A transaction used after its commit is refused, as Kysely refuses it, never run outside it.
      await expect(wordById.execute(kept as Transaction<Database>, { id: first.id })).rejects.toThrow();
    },
  );

  it('reads at once on a free SQLite connection, and after the commit while a write transaction holds it', async () => {
    const { db } = ctx();
    const rankOf = prepared(['id'], (p: { id: number }, runner) =>
      runner.selectFrom('words').select('rank').where('id', '=', p.id),
    );
    const first = await db.kysely.selectFrom('words').select(['id', 'rank']).orderBy('id').executeTakeFirstOrThrow();
    const byKysely = vi.spyOn(db.kysely, 'executeQuery');
    expect((await rankOf.executeTakeFirst(db.kysely, { id: first.id }))?.rank).toBe(first.rank);
    // On SQLite the read ran on the connection at once; PostgreSQL's goes by Kysely.
    expect(byKysely).toHaveBeenCalledTimes(db.dialect === 'sqlite' ? 0 : 1);
    byKysely.mockRestore();

    const held = signal();
    const written = signal();
    const writing = db.writeTransaction(async (trx) => {
      await trx.updateTable('words').set({ rank: 8_888 }).where('id', '=', first.id).execute();
      written.fire();
      await held.done;
      await trx.updateTable('words').set({ rank: first.rank }).where('id', '=', first.id).execute();
    });
    await written.done;
    // The transaction holds its change: a read now sees the committed rank, never the one in the middle of the work.
    const during = rankOf.executeTakeFirst(db.kysely, { id: first.id });
    held.fire();
    await writing;
    expect((await during)?.rank).toBe(first.rank);
  });

  it('runs on PostgreSQL as a named statement, parsed once per connection and right on every run', async () => {
    if (ctx().db.dialect !== 'postgres') return;
    const db = ctx().db.kysely;
    const query = byLanguage();
    await db.transaction().execute(async (trx) => {
      // One connection: the statement prepared by the first run is reused by the second.
      const first = await query.execute(trx, { language: 'spanish', from: 1, limit: 2 });
      const second = await query.execute(trx, { language: 'french', from: 3, limit: 1 });
      expect(first.map((w) => w.rank)).toEqual([1, 2]);
      expect(second.map((w) => w.rank)).toEqual([3]);
      const statements = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
      expect(
        statements.rows.filter((r) => r.statement.includes('"words"') && r.statement.includes('"rank" >=')),
      ).toHaveLength(1);
    });
  });
});
