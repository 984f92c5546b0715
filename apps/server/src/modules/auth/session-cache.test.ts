import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { appOnOwnConnection, loginAs, sessionCookie, TEST_DATABASES, testClock } from '../../test/harness.js';
import { confirmAddress, linkIn, mailApps } from '../../test/mail-app.js';
import { SESSION_TRUST_MS, SessionCache } from './session-cache.js';

const PASSWORD = 'correct horse';

describe('the session cache', () => {
  const record = {
    learner: { id: 'u', username: 'u', desiredRetention: 0.9, strictAccents: false },
    lastSeenAt: 0,
    expiresAt: 1e15,
  };

  it('keeps a session for SESSION_TRUST_MS, and never one read before it was emptied', () => {
    const clock = testClock();
    const cache = new SessionCache(clock);
    cache.keep('kept', record, cache.version());
    const before = cache.version();
    cache.watch.committed();
    // A lookup that began before the emptying read what may since have changed: it is not kept.
    cache.keep('late', record, before);
    expect(cache.get('late')).toBeUndefined();
    expect(cache.get('kept')).toBeUndefined();
    cache.keep('kept', record, cache.version());
    clock.advance(SESSION_TRUST_MS - 1);
    expect(cache.get('kept')).toEqual(record);
    clock.advance(1);
    expect(cache.get('kept')).toBeUndefined();
  });

  it('is emptied by what ends a session or changes its learner, not by the "last seen" time', () => {
    const { matches } = new SessionCache(testClock()).watch;
    for (const text of [
      'delete from "sessions" where "token_hash" = ?',
      'update "users" set "strict_accents" = $1 where "id" = $2',
      'delete from users where id = ?',
      'update "sessions" set "expires_at" = ?, "last_seen_at" = ? where "user_id" = ?',
      'insert into "users" ("id") values (?) on conflict ("id") do update set "username" = ?',
    ])
      expect(matches(text), text).toBe(true);
    for (const text of [
      'update "sessions" set "last_seen_at" = ? where "token_hash" = ? and "last_seen_at" < ?',
      'insert into "sessions" ("token_hash", "user_id") values (?, ?)',
      'update "user_languages" set "added_at" = ?',
      'delete from "progress" where "learner_id" in (select "id" from "users")',
    ])
      expect(matches(text), text).toBe(false);
  });
});

/**
 * Every route that ends a session or changes what it says of its learner, run against an instance that read the
 * session a moment before (so holds it: modules/auth/session-cache.ts) and another instance on its own connection that
 * did too. The rule: the instance that made the change answers at once as one that never saw the session; another
 * instance within SESSION_TRUST_MS. No route tells the cache anything: the database's write watch does
 * (db/write-watch.ts), so a route added later is held to the rule without remembering it.
 */
for (const database of TEST_DATABASES) {
  describe(`a session read a moment ago [${database.name}]`, () => {
    const setup = mailApps(database);
    type Setup = Awaited<ReturnType<typeof setup>>;

    interface Learner {
      /** The session whose view is watched. */
      cookie: string;
      /** Another session of the same account (another device), from which changes are made. */
      other: string;
    }

    const call = (
      app: FastifyInstance,
      method: InjectOptions['method'],
      url: string,
      cookie: string,
      payload?: object,
    ) => app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

    /** What a browser with the cookie sees of its session: who it is, and its settings. */
    const seen = async (app: FastifyInstance, cookie: string) => {
      const session = await call(app, 'GET', '/api/auth/session', cookie);
      const settings = await call(app, 'GET', '/api/settings', cookie);
      return {
        session: session.json<unknown>(),
        settings: { status: settings.statusCode, body: settings.json<unknown>() },
      };
    };

    /** An account with an address to reset its password by, logged in on two devices. */
    const account = async (s: Setup): Promise<Learner> => {
      const { cookie, userId } = await loginAs(s.app, 'cached', PASSWORD);
      await confirmAddress(s.db, userId, 'cached@example.com', s.clock());
      const login = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'cached', password: PASSWORD },
      });
      return { cookie, other: sessionCookie(login) };
    };

    const CHANGES: Array<{ name: string; change(s: Setup, me: Learner): Promise<unknown> }> = [
      { name: 'logging out', change: (s, me) => call(s.app, 'GET', '/api/auth/logout', me.cookie) },
      {
        name: 'logging out everywhere from another device',
        change: (s, me) => call(s.app, 'POST', '/api/auth/logout-everywhere', me.other),
      },
      {
        name: 'ending it from the sessions list of another device',
        change: async (s, me) => {
          const list = await call(s.app, 'GET', '/api/account/sessions', me.cookie);
          const id = list
            .json<{ sessions: Array<{ id: string; current: boolean }> }>()
            .sessions.find((x) => x.current)?.id;
          return call(s.app, 'DELETE', `/api/account/sessions/${id ?? ''}`, me.other);
        },
      },
      {
        name: 'changing the password on another device',
        change: (s, me) =>
          call(s.app, 'POST', '/api/account/password', me.other, {
            currentPassword: PASSWORD,
            newPassword: 'a brand new passphrase',
          }),
      },
      {
        name: 'resetting the password by mail',
        change: async (s) => {
          const forgot = await s.app.inject({
            method: 'POST',
            url: '/api/auth/forgot-password',
            payload: { identifier: 'cached' },
          });
          expect(forgot.statusCode).toBe(202);
          const [mail] = await s.mails(1);
          const token = new URL(linkIn(mail?.text ?? '', '/reset-password?token=')).searchParams.get('token');
          return s.app.inject({
            method: 'POST',
            url: '/api/auth/reset-password',
            payload: { token, password: 'a brand new passphrase' },
          });
        },
      },
      {
        name: 'deleting the account on another device',
        change: (s, me) => call(s.app, 'POST', '/api/account/delete', me.other, { password: PASSWORD }),
      },
      {
        name: 'changing a setting on another device',
        change: (s, me) => call(s.app, 'PATCH', '/api/settings', me.other, { strictAccents: true }),
      },
    ];

    for (const { name, change } of CHANGES) {
      it(`${name}: seen at once here as by an instance that never read the session, elsewhere within 2 s`, async () => {
        const s = await setup();
        const me = await account(s);
        const other = await appOnOwnConnection(s);
        try {
          const before = await seen(s.app, me.cookie);
          expect(await seen(other.app, me.cookie)).toEqual(before);

          const res = (await change(s, me)) as { statusCode: number; body: string };
          expect(res.statusCode, res.body).toBeLessThan(300);

          const fresh = await appOnOwnConnection(s);
          const truth = await seen(fresh.app, me.cookie).finally(fresh.close);
          expect(truth).not.toEqual(before);
          expect(await seen(s.app, me.cookie)).toEqual(truth);

          s.clock.advance(SESSION_TRUST_MS);
          expect(await seen(other.app, me.cookie)).toEqual(truth);
        } finally {
          await other.close();
        }
      });
    }
  });
}
