import { describe, expect, it } from 'vitest';
import { ConfigError, type TrustProxy, loadConfig } from '../config.js';
import { appOn, describeEachDatabase, sessionCookie } from '../test/harness.js';
import { TOUCH_FLUSH_MS } from '../modules/auth/session.repository.js';
import { snapshotTables } from '../test/reliability.js';

/**
 * Limits a client cannot step around: behind a trusted proxy the client address is the one the proxy saw, never
 * one the client wrote into X-Forwarded-For; guests are created at a bounded rate per address; and the housekeeping
 * that removes expired sessions, counters and abandoned guests is safe to run from several instances at once.
 */
describe('TRUST_PROXY configuration', () => {
  const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('takes a hop count or proxy addresses, reads true as one hop, and refuses anything else at start', () => {
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(1);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 127.0.0.1,::1')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    for (const bad of ['yes', '99', '10.0.0.0/33', 'proxy.local', '10.0.0.1/8/8']) {
      expect(() => trust(bad), bad).toThrow(ConfigError);
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

/** What a client that writes its own X-Forwarded-For looks like after one proxy appended the address it saw. */
const spoofed = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` });

describeEachDatabase('client addresses behind a proxy', (ctx) => {
  const proxied = async (trustProxy: TrustProxy) => appOn(ctx(), { trustProxy });

  const settings: Array<[string, TrustProxy]> = [
    ['one hop (TRUST_PROXY=1, or true)', 1],
    ['the proxy address (TRUST_PROXY=127.0.0.1)', ['127.0.0.1']],
  ];
  for (const [name, trustProxy] of settings) {
    it(`counts contact messages by the address the proxy saw, whatever the client wrote: ${name}`, async () => {
      const app = await proxied(trustProxy);
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 12; i++) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/contact',
            headers: spoofed(i),
            payload: { name: 'Eve', email: 'eve@example.com', message: `attempt ${i}` },
          });
          statuses.push(res.statusCode);
        }
        expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
        // Another client behind the same proxy has its own count.
        const other = await app.inject({
          method: 'POST',
          url: '/api/contact',
          headers: { 'x-forwarded-for': '203.0.113.8' },
          payload: { name: 'Ann', email: 'ann@example.com', message: 'hello' },
        });
        expect(other.statusCode).toBe(201);
      } finally {
        await app.close();
      }
    });
  }

  it('counts signups by the address the proxy saw', async () => {
    const app = await proxied(1);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          headers: spoofed(i),
          payload: { username: `spoof${i}`, password: 'correct horse' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(20);
      expect(statuses.slice(20)).toEqual([429, 429]);
    } finally {
      await app.close();
    }
  });
});

describeEachDatabase('guest creation', (ctx) => {
  it(
    'creates at most 60 guests an hour per address; ' +
      'a refused visitor gets 429 with Retry-After and nothing is written',
    async () => {
      const { app, clock } = ctx();
      const words = (await app.inject({ method: 'GET', url: '/api/spanish?unlearned=true&limit=1' })).json<
        Array<{ _id: string }>
      >();
      const url = `/api/spanish/${words[0]?._id}`;
      for (let i = 0; i < 60; i++) {
        const res = await app.inject({ method: 'PATCH', url });
        expect(res.statusCode, res.body).toBe(200);
      }
      const before = await snapshotTables(ctx().db);
      const refused = await app.inject({ method: 'PATCH', url });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.cookies).toEqual([]);
      expect(await snapshotTables(ctx().db)).toEqual(before);
      expect(
        Number(
          (
            await ctx()
              .db.kysely.selectFrom('users')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(60);

      // A guest that already has its session is not counted again; another address is not affected.
      const guest = await app.inject({ method: 'PATCH', url, remoteAddress: '192.0.2.10' });
      expect(guest.statusCode).toBe(200);
      expect((await app.inject({ method: 'PATCH', url, headers: { cookie: sessionCookie(guest) } })).statusCode).toBe(
        200,
      );

      // The window passes.
      clock.advance(60 * 60_000);
      expect((await app.inject({ method: 'PATCH', url })).statusCode).toBe(200);
    },
  );
});

describeEachDatabase('maintenance', (ctx) => {
  it('removes expired sessions, expired counters and abandoned guests, run from two instances at once', async () => {
    const { app, db, clock } = ctx();
    const day = 86_400_000;
    const words = (await app.inject({ method: 'GET', url: '/api/spanish?unlearned=true&limit=1' })).json<
      Array<{ _id: string }>
    >();
    const answer = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
      app.inject({ method: 'PATCH', url: `/api/spanish/${words[0]?._id}`, headers, remoteAddress });

    // Guests that will be abandoned (their sessions idle out), one that keeps coming back, and an account.
    for (let i = 0; i < 5; i++) await answer({}, `192.0.2.${i}`);
    const regular = sessionCookie(await answer({}, '192.0.2.100'));
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: 'keeper', password: 'correct horse' },
    });
    expect(signup.statusCode).toBe(201);
    await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'A', email: 'a@example.com', message: 'hi' },
    });

    for (let d = 0; d < 31; d++) {
      clock.advance(day);
      if (d % 7 === 0) expect((await answer({ cookie: regular })).statusCode).toBe(200);
    }
    // Sessions' last use is written within TOUCH_FLUSH_MS, and the second instance's housekeeping reads the database.
    await new Promise((resolve) => setTimeout(resolve, TOUCH_FLUSH_MS + 500));
    // A guest made a moment ago has no session yet in the worst case: it must survive.
    await db.kysely
      .insertInto('users')
      .values({ id: 'fresh-guest', username: null, username_key: null, password_hash: null, created_at: clock() })
      .execute();

    const count = async (table: 'users' | 'sessions' | 'progress' | 'rate_limits') =>
      Number(
        (
          await db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('users')).toBe(8);
    expect(await count('rate_limits')).toBeGreaterThan(0);

    const second = await appOn({ db, clock });
    try {
      const [a, b] = await Promise.all([app.maintenance.runOnce(), second.maintenance.runOnce()]);
      expect(a.guests + b.guests).toBe(5);
      const again = await Promise.all([app.maintenance.runOnce(), second.maintenance.runOnce()]);
      expect(again.map((r) => r.guests)).toEqual([0, 0]);
    } finally {
      await second.close();
    }
    const users = await db.kysely.selectFrom('users').select(['id', 'username']).orderBy('id').execute();
    expect(users.map((u) => u.username)).toContain('keeper');
    expect(users.map((u) => u.id)).toContain('fresh-guest');
    expect(users).toHaveLength(3);
    // Only the regular guest's session is left (the signup's own session ended at signup or idled out).
    expect(await count('sessions')).toBe(1);
    expect(await count('progress')).toBeGreaterThan(0);
    expect(await count('rate_limits')).toBe(0);
    expect((await answer({ cookie: regular })).statusCode).toBe(200);
  });
});
