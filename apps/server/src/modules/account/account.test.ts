import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { appTables, describeEachDatabase, loginAs, sessionCookie } from '../../test/harness.js';
import { snapshotTables } from '../../test/reliability.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, ' +
  'like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const PASSWORD = 'correct horse';

interface Listed {
  sessions: Array<{ id: string; device: string; createdAt: number; lastUsedAt: number; current: boolean }>;
}

async function loginFrom(
  app: FastifyInstance,
  username: string,
  userAgent: string,
  password = PASSWORD,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}

/** Every table's rows, and how many of them mention `needle` (an id, a name) anywhere. */
async function rowsMentioning(
  db: Db,
  needles: string[],
): Promise<Record<string, { total: number; mentioning: number }>> {
  const tables = await appTables(db);
  const result: Record<string, { total: number; mentioning: number }> = {};
  for (const table of tables) {
    const rows = await db.kysely
      .selectFrom(table as 'users')
      .selectAll()
      .execute();
    const mentioning = rows.filter((r) => needles.some((n) => JSON.stringify(r).includes(n))).length;
    result[table] = { total: rows.length, mentioning };
  }
  return result;
}

describeEachDatabase('account self-service', (ctx) => {
  const call = (
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
    url: string,
    cookie?: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => ctx().app.inject({ method, url, payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

  it('answers 401 to a visitor and a guest on every account route, and 400 to malformed bodies', async () => {
    const guestAnswer = await ctx().app.inject({
      method: 'PATCH',
      url: '/api/spanish/1',
      payload: { answerId: 'guest-answer-1', verdict: 'correct' },
    });
    const guest = sessionCookie(guestAnswer);
    const routes: Array<['GET' | 'POST' | 'DELETE', string, object?]> = [
      ['GET', '/api/account/sessions'],
      ['DELETE', `/api/account/sessions/${'0'.repeat(32)}`],
      ['POST', '/api/account/password', { currentPassword: 'x', newPassword: 'long enough' }],
      ['POST', '/api/account/delete', { password: 'x' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url} visitor`).toBe(401);
      expect((await call(method, url, guest, payload)).statusCode, `${method} ${url} guest`).toBe(401);
    }
    const { cookie } = await loginAs(ctx().app, 'shape', PASSWORD);
    expect(
      (await call('POST', '/api/account/password', cookie, { currentPassword: PASSWORD, newPassword: 'short' }))
        .statusCode,
    ).toBe(400);
    expect((await call('POST', '/api/account/password', cookie, { newPassword: 'long enough' })).statusCode).toBe(400);
    expect((await call('POST', '/api/account/delete', cookie, {})).statusCode).toBe(400);
    expect((await call('DELETE', '/api/account/sessions/not-an-id', cookie)).statusCode).toBe(400);
  });

  it('refuses every state-changing account call from a foreign origin', async () => {
    const { cookie } = await loginAs(ctx().app, 'origin', PASSWORD);
    const evil = { origin: 'https://evil.example' };
    expect((await call('POST', '/api/account/delete', cookie, { password: PASSWORD }, evil)).statusCode).toBe(403);
    expect(
      (
        await call(
          'POST',
          '/api/account/password',
          cookie,
          { currentPassword: PASSWORD, newPassword: 'taken over!' },
          evil,
        )
      ).statusCode,
    ).toBe(403);
    const list = (await call('GET', '/api/account/sessions', cookie)).json<Listed>();
    expect(
      (await call('DELETE', `/api/account/sessions/${list.sessions[0]?.id ?? ''}`, cookie, undefined, evil)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/account/sessions', cookie)).statusCode).toBe(200);
  });

  it('lists the active sessions with their device and last use, the current one marked, and revokes one', async () => {
    await loginAs(ctx().app, 'lister', PASSWORD);
    const laptop = await loginFrom(ctx().app, 'lister', FIREFOX);
    ctx().clock.advance(5 * 60_000);
    const phone = await loginFrom(ctx().app, 'lister', PHONE);
    const { sessions } = (await call('GET', '/api/account/sessions', laptop)).json<Listed>();
    // loginAs signed up and logged in without a User-Agent: two sessions of an unknown browser.
    expect(sessions.map((s) => [s.device, s.current])).toEqual([
      ['Safari on iPhone', false],
      ['Firefox on Linux', true],
      ['Unknown browser', false],
      ['Unknown browser', false],
    ]);
    expect(sessions[0]?.lastUsedAt).toBe(ctx().clock());
    expect(JSON.stringify(sessions)).not.toMatch(/sid=|token/);

    // Revoking the phone's session ends it there at once.
    const phoneId = sessions[0]?.id ?? '';
    expect((await call('DELETE', `/api/account/sessions/${phoneId}`, laptop)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/session', phone)).json()).toEqual({ user: null });
    expect((await call('DELETE', `/api/account/sessions/${phoneId}`, laptop)).statusCode).toBe(404);
    expect((await call('GET', '/api/account/sessions', laptop)).json<Listed>().sessions).toHaveLength(3);

    // Another account's session cannot be revoked: it is not found among the learner's own.
    const other = await loginAs(ctx().app, 'other', PASSWORD);
    const otherId = (await call('GET', '/api/account/sessions', other.cookie)).json<Listed>().sessions[0]?.id ?? '';
    expect((await call('DELETE', `/api/account/sessions/${otherId}`, laptop)).statusCode).toBe(404);
    expect((await call('GET', '/api/auth/session', other.cookie)).json<{ user: unknown }>().user).not.toBeNull();

    // Revoking the current session logs this browser out.
    const currentId =
      (await call('GET', '/api/account/sessions', laptop)).json<Listed>().sessions.find((s) => s.current)?.id ?? '';
    const self = await call('DELETE', `/api/account/sessions/${currentId}`, laptop);
    expect(self.statusCode).toBe(200);
    expect(self.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await call('GET', '/api/account/sessions', laptop)).statusCode).toBe(401);
  });

  it(
    'never records an answer for a new guest with a session ended from the sessions list: ' +
      '401 session_ended until that browser logs in again',
    async () => {
      const { userId } = await loginAs(ctx().app, 'twobrowsers', PASSWORD);
      const laptop = await loginFrom(ctx().app, 'twobrowsers', FIREFOX);
      const phone = await loginFrom(ctx().app, 'twobrowsers', PHONE);
      const phoneId =
        (await call('GET', '/api/account/sessions', laptop))
          .json<Listed>()
          .sessions.find((s) => s.device === 'Safari on iPhone')?.id ?? '';
      expect((await call('DELETE', `/api/account/sessions/${phoneId}`, laptop)).statusCode).toBe(200);
      const users = async () => (await ctx().db.kysely.selectFrom('users').select('id').execute()).length;
      const before = await users();
      const answer = (cookie: string | undefined, answerId: string) =>
        call('PATCH', '/api/spanish/1', cookie, { answerId, verdict: 'correct' });

      const refused = await answer(phone, 'ended-answer-1');
      expect(refused.statusCode).toBe(401);
      expect(refused.json<{ error: { code: string } }>().error.code).toBe('session_ended');
      // Reads see a visitor but keep the cookie, so that no later answer slips through as a new guest's.
      const read = await call('GET', '/api/auth/session', phone);
      expect(read.json()).toEqual({ user: null });
      expect(read.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      expect((await answer(phone, 'ended-answer-2')).statusCode).toBe(401);
      expect((await call('POST', '/api/spanish', phone, { word: 'gato', translation: 'cat' })).statusCode).toBe(401);
      expect(await users()).toBe(before);

      // Logged in again on that browser, the same answer is the account's.
      const login = await ctx().app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'twobrowsers', password: PASSWORD },
        headers: { cookie: phone, 'user-agent': PHONE },
      });
      expect(login.statusCode).toBe(200);
      expect((await answer(sessionCookie(login), 'ended-answer-1')).statusCode).toBe(200);
      expect(await users()).toBe(before);
      const logged = await ctx()
        .db.kysely.selectFrom('reviews')
        .select('learner_id')
        .where('answer_id', '=', 'ended-answer-1')
        .execute();
      expect(logged).toEqual([{ learner_id: userId }]);

      // A visitor without a cookie, and a guest whose session idled out, still practise as a (new) guest.
      const visitor = await answer(undefined, 'visitor-answer-1');
      expect(visitor.statusCode).toBe(200);
      const guest = sessionCookie(visitor);
      ctx().clock.advance(31 * 86_400_000);
      const again = await answer(guest, 'visitor-answer-2');
      expect(again.statusCode).toBe(200);
      expect(sessionCookie(again)).not.toBe(guest);
    },
  );

  it('changes the password after the current one, ending every other session but this one', async () => {
    const { cookie: first } = await loginAs(ctx().app, 'changer', PASSWORD);
    const second = await loginFrom(ctx().app, 'changer', PHONE);
    const wrong = await call('POST', '/api/account/password', first, {
      currentPassword: 'not it at all',
      newPassword: 'a new passphrase',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: { code: 'wrong_password', message: 'That is not your current password.' } });
    expect((await call('GET', '/api/auth/session', second)).json<{ user: unknown }>().user).not.toBeNull();

    expect(
      (
        await call('POST', '/api/account/password', first, {
          currentPassword: PASSWORD,
          newPassword: 'a new passphrase',
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/auth/session', first)).json()).toMatchObject({ user: { username: 'changer' } });
    expect((await call('GET', '/api/auth/session', second)).json()).toEqual({ user: null });
    expect(
      (await call('POST', '/api/auth/login', undefined, { username: 'changer', password: PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await call('POST', '/api/auth/login', undefined, { username: 'changer', password: 'a new passphrase' }))
        .statusCode,
    ).toBe(200);
  });

  it('limits password re-entry per account: a session left open is no way to guess the password', async () => {
    const { cookie } = await loginAs(ctx().app, 'guessed', PASSWORD);
    for (let i = 0; i < 10; i++)
      expect((await call('POST', '/api/account/delete', cookie, { password: `guess ${i}` })).statusCode).toBe(403);
    const limited = await call('POST', '/api/account/delete', cookie, { password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      await ctx().db.kysely.selectFrom('users').select('id').where('username', '=', 'guessed').execute(),
    ).toHaveLength(1);
  });

  it('logs out everywhere: every session of the account ends, other accounts keep theirs', async () => {
    const { cookie: a } = await loginAs(ctx().app, 'everywhere', PASSWORD);
    const b = await loginFrom(ctx().app, 'everywhere', PHONE);
    const other = await loginAs(ctx().app, 'bystander', PASSWORD);
    expect((await call('POST', '/api/auth/logout-everywhere', a)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/session', a)).json()).toEqual({ user: null });
    expect((await call('GET', '/api/auth/session', b)).json()).toEqual({ user: null });
    expect((await call('GET', '/api/auth/session', other.cookie)).json<{ user: unknown }>().user).not.toBeNull();
  });

  it('deletes the account with everything it owns after the password, counting the rows of every table', async () => {
    const { app, db } = ctx();
    /**
     * An account with progress, reviews, own words, settings, languages, two sessions, a known browser and a message.
     */
    async function busyAccount(name: string) {
      const { cookie, userId } = await loginAs(app, name, PASSWORD);
      await loginFrom(app, name, PHONE);
      const words = (await call('GET', '/api/spanish', cookie)).json<Array<{ _id: string }>>();
      for (const [i, word] of words.slice(0, 5).entries()) {
        expect(
          (
            await call('PATCH', `/api/spanish/${word._id}`, cookie, {
              answerId: `${name}-answer-${i}`,
              verdict: i % 2 ? 'wrong' : 'correct',
            })
          ).statusCode,
        ).toBe(200);
      }
      const own = await call('POST', '/api/spanish', cookie, { word: `palabra${name}`, translation: 'own word' });
      expect(own.statusCode).toBe(201);
      const ownId = own.json<{ _id: string }>()._id;
      expect(
        (await call('PATCH', `/api/spanish/${ownId}`, cookie, { answerId: `${name}-own-answer`, verdict: 'correct' }))
          .statusCode,
      ).toBe(200);
      expect((await call('PATCH', '/api/settings', cookie, { theme: 'dark', dailyGoal: 30 })).statusCode).toBe(200);
      expect((await call('POST', '/api/users/languages', cookie, { language: 'german' })).statusCode).toBe(201);
      expect(
        (
          await call('POST', '/api/contact', cookie, {
            name: 'A learner',
            email: 'learner@example.com',
            message: 'Thanks for the app',
          })
        ).statusCode,
      ).toBe(201);
      return { cookie, userId };
    }
    const doomed = await busyAccount('doomed');
    const kept = await busyAccount('kept');

    const before = await rowsMentioning(db, [doomed.userId, 'doomed']);
    const keptBefore = await rowsMentioning(db, [kept.userId]);
    for (const table of [
      'users',
      'sessions',
      'progress',
      'reviews',
      'words',
      'user_languages',
      'known_devices',
      'frontiers',
    ]) {
      expect(before[table]?.mentioning, `${table} has rows of the account before`).toBeGreaterThan(0);
    }

    // A wrong password deletes nothing.
    const unchanged = await snapshotTables(db);
    expect((await call('POST', '/api/account/delete', doomed.cookie, { password: 'not my password' })).statusCode).toBe(
      403,
    );
    expect(await snapshotTables(db)).toEqual(unchanged);

    const res = await call('POST', '/api/account/delete', doomed.cookie, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');

    const after = await rowsMentioning(db, [doomed.userId, 'doomed']);
    const keptAfter = await rowsMentioning(db, [kept.userId]);
    const counts = Object.fromEntries(
      Object.entries(before).map(([t, b]) => [t, `${b.total}→${after[t]?.total ?? 0}`]),
    );
    console.log(`account deletion, rows per table (before→after): ${JSON.stringify(counts)}`);
    for (const [table, b] of Object.entries(before)) {
      expect(after[table]?.mentioning, `${table}: nothing of the account is left`).toBe(0);
      expect(after[table]?.total, `${table}: exactly the account's rows went`).toBe(b.total - b.mentioning);
      expect(keptAfter[table]?.mentioning, `${table}: the other account keeps everything`).toBe(
        keptBefore[table]?.mentioning,
      );
    }
    // Contact messages stay (the operator may still need to answer them) and were never linked to the account.
    expect(after.contact_messages?.total).toBe(2);

    // The session is gone, the name is free again, and the old password logs nobody in.
    expect((await call('GET', '/api/auth/session', doomed.cookie)).json()).toEqual({ user: null });
    expect(
      (await call('POST', '/api/auth/login', undefined, { username: 'doomed', password: PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await call('POST', '/api/auth/signup', undefined, { username: 'doomed', password: 'a fresh start' })).statusCode,
    ).toBe(201);
  });
});
