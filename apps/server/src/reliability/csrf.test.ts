import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { appOn, describeEachDatabase, loginAs, sessionCookie } from '../test/harness.js';
import { randomToken, sha256 } from '../lib/tokens.js';
import { LinkSigner } from '../modules/reminders/link-signer.js';
import { UNSUBSCRIBE } from '../modules/reminders/reminders.service.js';
import {
  ACTIVE_LANGUAGES,
  type RouteFixture,
  STATE_CHANGING,
  listRoutes,
  snapshotTables,
  validRequest,
} from '../test/reliability.js';

const SAME_ORIGIN = { host: 'localhost:80', origin: 'http://localhost:80' };
const FOREIGN: Array<Record<string, string>> = [
  { origin: 'https://evil.example' },
  { origin: 'null' },
  { origin: 'http://localhost:8080' },
  { 'sec-fetch-site': 'cross-site' },
];
const WINDOW = 15 * 60_000;
const NEEDS_MAIL = /^POST \/api\/(account\/email|auth\/forgot-password)$/;

describeEachDatabase('CSRF', (ctx) => {
  async function fixture(): Promise<RouteFixture> {
    const { userId } = await loginAs(ctx().app, 'victim');
    const wordIds: Record<string, string> = {};
    for (const language of ACTIVE_LANGUAGES) {
      const [word] = (await ctx().app.inject({ method: 'GET', url: `/api/${language}` })).json<
        Array<{ _id: string }>
      >();
      wordIds[language] = word?._id ?? '1';
    }
    // The unsubscribe link's signature, as a reminder carries it.
    return { userId, wordIds, unsubscribeSignature: await new LinkSigner(ctx().db.kysely).sign(UNSUBSCRIBE, userId) };
  }

  /** A fresh session of the victim for each route: the control requests may end it. */
  async function victimCookie(): Promise<string> {
    ctx().clock.advance(WINDOW);
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'victim', password: 'correct horse' },
    });
    return sessionCookie(res);
  }

  /** An answer of the victim in the route's language, for the routes that take one back. */
  async function answerToTakeBack(cookie: string, url: string, n: number): Promise<string> {
    const language = ACTIVE_LANGUAGES.find((l) => url.startsWith(`/api/${l}/`)) ?? 'spanish';
    const [word] = (await ctx().app.inject({ method: 'GET', url: `/api/${language}`, headers: { cookie } })).json<
      Array<{ _id: string }>
    >();
    const answerId = `csrf-answer-${n}`;
    await ctx().app.inject({
      method: 'PATCH',
      url: `/api/${language}/${word?._id}`,
      payload: { answerId },
      headers: { cookie },
    });
    return answerId;
  }

  /** A link of the victim as a mail carries it (removing the address voids a confirmation link: made per route). */
  async function linkToken(userId: string, purpose: 'confirm' | 'reset'): Promise<string> {
    const token = randomToken(32);
    const now = ctx().clock();
    await ctx()
      .db.kysely.insertInto('email_tokens')
      .values({
        token_hash: sha256(token),
        user_id: userId,
        purpose,
        address: 'victim@example.com',
        created_at: now,
        expires_at: now + 86_400_000,
        used_at: null,
      })
      .execute();
    return token;
  }

  /** An own word of the victim in the route's language, for the routes that edit or delete one. */
  async function ownWord(cookie: string, url: string, n: number): Promise<string> {
    const language = ACTIVE_LANGUAGES.find((l) => url.startsWith(`/api/${l}/`)) ?? 'spanish';
    const res = await ctx().app.inject({
      method: 'POST',
      url: `/api/${language}`,
      payload: { word: `zzown${n}`, translation: 'own' },
      headers: { cookie },
    });
    return res.json<{ _id: string }>()._id;
  }

  async function currentSessionId(cookie: string): Promise<string> {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie } });
    return res.json<{ sessions: Array<{ id: string; current: boolean }> }>().sessions.find((s) => s.current)?.id ?? '';
  }

  it('refuses a foreign Origin or a cross-site fetch on every state-changing route, changing no row', async () => {
    const f = await fixture();
    const routes = listRoutes(ctx().app).filter(STATE_CHANGING);
    expect(routes.length).toBeGreaterThanOrEqual(15);
    let refused = 0;
    for (const route of routes) {
      const cookie = await victimCookie();
      if (route.url.includes(':answerId')) f.answerId = await answerToTakeBack(cookie, route.url, refused);
      if (route.url.startsWith('/api/account/sessions/')) f.sessionId = await currentSessionId(cookie);
      if (route.url.includes('/own-words/')) f.ownWordId = await ownWord(cookie, route.url, refused);
      if (route.url === '/api/account/email/confirm') f.confirmToken = await linkToken(f.userId, 'confirm');
      if (route.url === '/api/auth/reset-password') f.resetToken = await linkToken(f.userId, 'reset');
      const { url, payload, headers: bodyHeaders = {} } = validRequest(route, f);
      const before = await snapshotTables(ctx().db, []);
      const spellings = route.method === 'GET' ? [url, `${url}/`, url.replace('logout', '%6Cogout')] : [url, `${url}/`];
      for (const spelling of spellings) {
        for (const headers of FOREIGN) {
          const res = await ctx().app.inject({
            method: route.method as InjectOptions['method'],
            url: spelling,
            payload,
            headers: { ...bodyHeaders, ...headers, cookie },
          });
          expect(res.statusCode, `${route.method} ${spelling} ${JSON.stringify(headers)}`).toBe(403);
          expect(res.json()).toEqual({ error: { code: 'forbidden', message: 'Cross-site request refused.' } });
          refused++;
        }
      }
      expect(await snapshotTables(ctx().db, []), `${route.method} ${url} changed rows`).toEqual(before);

      // The control: the same request from the app's own origin goes through, so the refusal was the check's.
      const control = await ctx().app.inject({
        method: route.method as InjectOptions['method'],
        url,
        payload,
        headers: { ...bodyHeaders, ...SAME_ORIGIN, cookie },
      });
      // This app has no mail server: a call that mails answers so from its handler, past the check.
      if (NEEDS_MAIL.test(`${route.method} ${url}`))
        expect(control.json()).toMatchObject({ error: { code: 'email_unavailable' } });
      else expect(control.statusCode, `${route.method} ${url} from the same origin: ${control.body}`).toBeLessThan(300);
      // The control of account deletion deleted the victim: the routes after it need one again.
      if (url === '/api/account/delete') Object.assign(f, await fixture());
    }
    console.log(`CSRF: ${routes.length} state-changing routes, ${refused} cross-site requests refused`);
  }, 120_000); // a login (argon2id) and two requests for each of some sixty routes

  it('changes nothing on any GET but logout, for an account, a guest and a visitor', async () => {
    const f = await fixture();
    const account = await victimCookie();
    // Give the account something to read: an answer, an own word, a language.
    await ctx().app.inject({ method: 'PATCH', url: `/api/spanish/${f.wordIds.spanish}`, headers: { cookie: account } });
    await ctx().app.inject({
      method: 'POST',
      url: '/api/spanish',
      payload: { word: 'zzmine', translation: 'mine' },
      headers: { cookie: account },
    });
    await ctx().app.inject({
      method: 'POST',
      url: '/api/users/languages',
      payload: { language: 'spanish' },
      headers: { cookie: account },
    });
    const guestAnswer = await ctx().app.inject({ method: 'PATCH', url: `/api/french/${f.wordIds.french}` });
    const guest = sessionCookie(guestAnswer);

    const gets = listRoutes(ctx().app).filter((r) => !STATE_CHANGING(r));
    expect(gets.length).toBeGreaterThanOrEqual(15);
    const before = await snapshotTables(ctx().db, []);
    let calls = 0;
    for (const route of gets) {
      const { url } = validRequest(route, f);
      for (const cookie of [account, guest, undefined]) {
        const res = await ctx().app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, `GET ${url}`).toBeLessThan(500);
        calls++;
      }
    }
    expect(await snapshotTables(ctx().db, [])).toEqual(before);
    console.log(`GET without side effects: ${gets.length} routes, ${calls} calls`);
  });
  it(
    "refuses a cross-site fetch that carries the server's own Origin, " +
      'and never takes the origin from X-Forwarded-Host',
    async () => {
      const message = { name: 'A', email: 'a@example.com', message: 'hello' };
      const post = (app: FastifyInstance, headers: Record<string, string>) =>
        app.inject({ method: 'POST', url: '/api/contact', payload: message, headers });
      const crossSite = await post(ctx().app, { ...SAME_ORIGIN, 'sec-fetch-site': 'cross-site' });
      expect(crossSite.statusCode, crossSite.body).toBe(403);
      expect((await post(ctx().app, { ...SAME_ORIGIN, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);

      // Behind one trusted proxy (README's nginx passes Host and X-Forwarded-Proto): a client's own X-Forwarded-Host
      // must not make a foreign Origin look like the server's.
      const app = await appOn(ctx(), { trustProxy: 1 });
      try {
        const proxied = { host: 'vocab.example.org', 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' };
        const forged = await post(app, {
          ...proxied,
          origin: 'https://evil.example',
          'x-forwarded-host': 'evil.example',
        });
        expect(forged.statusCode, forged.body).toBe(403);
        expect((await post(app, { ...proxied, origin: 'https://vocab.example.org' })).statusCode).toBe(201);
        expect(
          (await post(app, { ...proxied, origin: 'https://vocab.example.org', 'x-forwarded-host': 'other.example' }))
            .statusCode,
        ).toBe(201);
      } finally {
        await app.close();
      }
    },
  );
});
