import { expect, it } from 'vitest';
import { describeEachDatabase, loginAs } from '../test/harness.js';

/**
 * A learner's own word is one word in every letter case, by Unicode's rules on both engines (SQLite's lower() folds
 * ASCII only), and the database's unique index decides between requests that race to add two spellings.
 */
describeEachDatabase('own words by their Unicode key', (ctx) => {
  it('finds a deck word in any letter case, accents included', async () => {
    const { cookie } = await loginAs(ctx().app);
    for (const word of ['NÃO', 'Não', 'não']) {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/portuguese',
        headers: { cookie },
        payload: { word, translation: 'no' },
      });
      expect(res.statusCode, word).toBe(409);
    }
    const own = await ctx().app.inject({
      method: 'POST',
      url: '/api/portuguese',
      headers: { cookie },
      payload: { word: 'AÇÚCAR', translation: 'sugar' },
    });
    expect(own.statusCode).toBe(201);
    const again = await ctx().app.inject({
      method: 'POST',
      url: '/api/portuguese',
      headers: { cookie },
      payload: { word: 'açúcar', translation: 'sugar' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('adds one word when parallel requests race with two spellings of it', async () => {
    const { cookie } = await loginAs(ctx().app);
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        ctx().app.inject({
          method: 'POST',
          url: '/api/german',
          headers: { cookie },
          payload: { word: i % 2 ? 'Rennwort' : 'rennwort', translation: 'race word' },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(15).fill(409)]);
    const rows = await ctx()
      .db.kysely.selectFrom('words')
      .select('word')
      .where('language', '=', 'german')
      .where('owner_id', 'is not', null)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
