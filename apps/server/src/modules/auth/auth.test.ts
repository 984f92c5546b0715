import { expect, it } from 'vitest';
import { describeEachDatabase, loginAs, sessionCookie } from '../../test/harness.js';

const DAY = 86_400_000;

describeEachDatabase('auth', (ctx) => {
  const signup = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method: 'POST', url: '/api/auth/signup', payload: payload as object, headers });
  const login = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers });
  const me = (cookie?: string) =>
    ctx().app.inject({ method: 'GET', url: '/api/auth/page-load-login', headers: cookie ? { cookie } : {} });

  it('answers 401 to page-load-login without a session', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });

  it(
    'answers GET /api/auth/session with 200 and user null ' + 'for a visitor and a guest, and the user when logged in',
    async () => {
      const session = (cookie?: string) =>
        ctx().app.inject({ method: 'GET', url: '/api/auth/session', headers: cookie ? { cookie } : {} });
      const visitor = await session();
      expect(visitor.statusCode).toBe(200);
      expect(visitor.json()).toEqual({ user: null });

      const words = (await ctx().app.inject({ method: 'GET', url: '/api/spanish' })).json<Array<{ _id: string }>>();
      const answered = await ctx().app.inject({ method: 'PATCH', url: `/api/spanish/${words[0]?._id}` });
      expect((await session(sessionCookie(answered))).json()).toEqual({ user: null });

      const { cookie, userId } = await loginAs(ctx().app, 'nora');
      expect((await session(cookie)).json()).toEqual({ user: { _id: userId, username: 'nora' } });
    },
  );

  it("logs the new account in at signup, rotating a guest's session into it", async () => {
    const fresh = await signup({ username: 'olga', password: 'correct horse' });
    expect(fresh.statusCode).toBe(201);
    expect((await me(sessionCookie(fresh))).json()).toEqual({ _id: fresh.json().userData._id, username: 'olga' });

    const words = (await ctx().app.inject({ method: 'GET', url: '/api/spanish' })).json<Array<{ _id: string }>>();
    const guestCookie = sessionCookie(
      await ctx().app.inject({ method: 'PATCH', url: `/api/spanish/${words[0]?._id}` }),
    );
    const upgraded = await signup({ username: 'pia', password: 'correct horse' }, { cookie: guestCookie });
    const accountCookie = sessionCookie(upgraded);
    expect(accountCookie).not.toBe(guestCookie);
    expect((await me(guestCookie)).statusCode).toBe(401);
    expect((await me(accountCookie)).json().username).toBe('pia');
  });

  it("makes the languages a guest practised the account's languages, at signup and at login", async () => {
    const practise = async (language: string, cookie?: string) => {
      const words = (
        await ctx().app.inject({ method: 'GET', url: `/api/${language}`, headers: cookie ? { cookie } : {} })
      ).json<Array<{ _id: string }>>();
      const res = await ctx().app.inject({
        method: 'PATCH',
        url: `/api/${language}/${words[0]?._id}`,
        headers: cookie ? { cookie } : {},
      });
      return cookie ?? sessionCookie(res);
    };
    const languagesOf = async (cookie: string) => {
      const userId = (await me(cookie)).json()._id as string;
      const list = await ctx().app.inject({
        method: 'GET',
        url: `/api/users/languages/${userId}`,
        headers: { cookie },
      });
      return list.json<Array<{ language: string; learnedCount: number }>>().map((l) => [l.language, l.learnedCount]);
    };

    const guest = await practise('italian');
    await practise('german', guest);
    const account = sessionCookie(await signup({ username: 'quinn', password: 'correct horse' }, { cookie: guest }));
    expect((await languagesOf(account)).sort()).toEqual([
      ['german', 1],
      ['italian', 1],
    ]);

    const second = await practise('french');
    const login = sessionCookie(
      await ctx().app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'quinn', password: 'correct horse' },
        headers: { cookie: second },
      }),
    );
    expect((await languagesOf(login)).map(([l]) => l).sort()).toEqual(['french', 'german', 'italian']);
  });

  it('refuses a signup with missing or short fields with a 400 naming the problem', async () => {
    expect((await signup({ username: 'ana' })).statusCode).toBe(400);
    const short = await signup({ username: 'ana', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toMatch(/at least 8/);
    expect((await signup({ username: 'a b c', password: 'long enough' })).statusCode).toBe(400);
  });

  it('signs up, stores an argon2id hash, and logs in with userData', async () => {
    const res = await signup({ username: 'Ana', password: 'correct horse' });
    expect(res.statusCode).toBe(201);
    expect(res.json().userData).toEqual({ _id: expect.any(String), username: 'Ana' });
    const row = await ctx().db.kysely.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const ok = await login({ username: 'ana', password: 'correct horse' });
    expect(ok.statusCode).toBe(200);
    // The user at the top level too (clients of the original API read either); never more than id and name.
    expect(ok.json()).toEqual({
      _id: res.json().userData._id,
      username: 'Ana',
      userData: { _id: res.json().userData._id, username: 'Ana' },
    });
    const cookie = ok.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value.length).toBeGreaterThanOrEqual(22);
    expect((await me(sessionCookie(ok))).json()).toEqual({ _id: res.json().userData._id, username: 'Ana' });
  });

  it('keeps usernames unique regardless of case, even when signups race', async () => {
    expect((await signup({ username: 'Bruno', password: 'correct horse' })).statusCode).toBe(201);
    const dup = await signup({ username: 'bRUNO', password: 'another one' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('username_taken');

    const racers = await Promise.all(
      Array.from({ length: 6 }, () => signup({ username: 'carla', password: 'correct horse' })),
    );
    expect(racers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(racers.filter((r) => r.statusCode === 409)).toHaveLength(5);
    const rows = await ctx().db.kysely.selectFrom('users').select('id').where('username_key', '=', 'carla').execute();
    expect(rows).toHaveLength(1);
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    await signup({ username: 'dora', password: 'correct horse' });
    const wrong = await login({ username: 'dora', password: 'wrong horse' });
    const unknown = await login({ username: 'nobody', password: 'wrong horse' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'invalid_credentials', message: 'Incorrect username or password' } });
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.cookies).toHaveLength(0);
  });

  it('rotates the session at login: the token from before no longer works', async () => {
    const first = await loginAs(ctx().app, 'eva');
    const again = await login({ username: 'eva', password: 'correct horse' }, { cookie: first.cookie });
    const second = sessionCookie(again);
    expect(second).not.toBe(first.cookie);
    expect((await me(first.cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('ends the session on the server at logout', async () => {
    const cookie = sessionCookie(await signup({ username: 'fred', password: 'correct horse' }));
    const out = await ctx().app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await ctx().db.kysely.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
  });

  it('logs out everywhere', async () => {
    const a = await loginAs(ctx().app, 'gina');
    const b = sessionCookie(await login({ username: 'gina', password: 'correct horse' }));
    const res = await ctx().app.inject({ method: 'POST', url: '/api/auth/logout-everywhere', headers: { cookie: b } });
    expect(res.statusCode).toBe(200);
    expect((await me(a.cookie)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
  });

  it('expires an idle session after 30 days and any session after 180', async () => {
    const { cookie } = await loginAs(ctx().app, 'hugo');
    ctx().clock.advance(29 * DAY);
    expect((await me(cookie)).statusCode).toBe(200);
    ctx().clock.advance(29 * DAY);
    expect((await me(cookie)).statusCode).toBe(200);
    ctx().clock.advance(31 * DAY);
    expect((await me(cookie)).statusCode).toBe(401);

    const active = await loginAs(ctx().app, 'ines');
    for (let day = 0; day < 181; day += 20) {
      ctx().clock.advance(20 * DAY);
      const res = await me(active.cookie);
      if (day + 20 >= 180) expect(res.statusCode).toBe(401);
      else expect(res.statusCode).toBe(200);
    }
  });

  it('rate-limits login per account with 429 and Retry-After', async () => {
    await signup({ username: 'jose', password: 'correct horse' });
    for (let i = 0; i < 10; i++)
      expect((await login({ username: 'jose', password: 'nope nope' })).statusCode).toBe(401);
    const limited = await login({ username: 'jose', password: 'correct horse' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    ctx().clock.advance(15 * 60_000);
    expect((await login({ username: 'jose', password: 'correct horse' })).statusCode).toBe(200);
  });

  it('refuses state-changing calls from a foreign origin', async () => {
    const foreign = await signup({ username: 'kiko', password: 'correct horse' }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await signup({ username: 'kiko', password: 'correct horse' }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const sameOrigin = await signup(
      { username: 'kiko', password: 'correct horse' },
      { origin: 'http://localhost:80', host: 'localhost:80' },
    );
    expect(sameOrigin.statusCode).toBe(201);
    const { cookie } = await loginAs(ctx().app, 'lola');
    const logout = await ctx().app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(logout.statusCode).toBe(403);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('answers malformed bodies with 4xx, never 500', async () => {
    const bad = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    const huge = await signup({ username: 'x'.repeat(200_000), password: 'y' });
    expect(huge.statusCode).toBe(413);
    const wrongType = await signup({ username: 42, password: ['a'] });
    expect(wrongType.statusCode).toBe(400);
  });
});
