import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { type TestContext, describeEachDatabase } from '../../test/harness.js';

const counts = async (ctx: TestContext) => ({
  users: (await ctx.db.kysely.selectFrom('users').select('id').execute()).length,
  sessions: (await ctx.db.kysely.selectFrom('sessions').select('token_hash').execute()).length,
});

const visitor = (app: FastifyInstance, request: InjectOptions) => app.inject(request);

/**
 * Every route that may make a visitor a guest writes the guest in the same unit of work as what it stores: a request
 * refused, before or inside that unit, leaves no guest, no session and no cookie behind.
 */
describeEachDatabase('guest claims', (ctx) => {
  it('makes no guest for a refused request on any route that can make one', async () => {
    const { app } = ctx();
    const refused: Array<[string, InjectOptions, number]> = [
      ['answer to an unknown word', { method: 'PATCH', url: '/api/spanish/999999', payload: {} }, 404],
      // Refused inside the unit of work, after the guest's rows were written: they roll back with it.
      [
        'answer given too long ago',
        { method: 'PATCH', url: '/api/spanish/1', payload: { verdict: 'correct', answeredAt: '2020-01-01T00:00:00Z' } },
        400,
      ],
      [
        'own word the deck has',
        { method: 'POST', url: '/api/spanish', payload: { word: 'que', translation: 'that' } },
        409,
      ],
      [
        'band that does not start there',
        { method: 'POST', url: '/api/spanish/bands/start', payload: { first: 7 } },
        400,
      ],
      ['placement not over', { method: 'POST', url: '/api/spanish/placement', payload: { answers: [] } }, 400],
      [
        'import with nothing to add',
        {
          method: 'POST',
          url: '/api/spanish/import',
          payload: 'que\tthat\n',
          headers: { 'content-type': 'text/tab-separated-values' },
        },
        400,
      ],
      ['settings out of range', { method: 'PATCH', url: '/api/settings', payload: { desiredRetention: 2 } }, 400],
    ];
    for (const [what, request, status] of refused) {
      const res = await visitor(app, request);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.cookies, what).toHaveLength(0);
    }
    expect(await counts(ctx())).toEqual({ users: 0, sessions: 0 });
  });

  it('makes one guest with one session for each visitor whose write succeeds, and none for a later write', async () => {
    const { app } = ctx();
    const first = await visitor(app, { method: 'PATCH', url: '/api/spanish/1', payload: { verdict: 'correct' } });
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((c) => c.name === 'sid');
    expect(cookie?.httpOnly).toBe(true);
    const again = await app.inject({
      method: 'POST',
      url: '/api/spanish',
      payload: { word: 'zarzamora', translation: 'blackberry' },
      headers: { cookie: `sid=${cookie?.value}` },
    });
    expect(again.statusCode).toBe(201);
    expect(again.cookies).toHaveLength(0);
    const other = await visitor(app, { method: 'PATCH', url: '/api/settings', payload: {} });
    expect(other.statusCode).toBe(200);
    expect(other.cookies.find((c) => c.name === 'sid')).toBeDefined();
    expect(await counts(ctx())).toEqual({ users: 2, sessions: 2 });
  });
});
