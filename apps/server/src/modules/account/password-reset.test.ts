import { describe, expect, it } from 'vitest';
import { loginAs, TEST_DATABASES } from '../../test/harness.js';
import { confirmAddress, linkIn, mailApps } from '../../test/mail-app.js';

const PASSWORD = 'correct horse';
const INVALID = { error: { code: 'link_invalid' } };
const tokenIn = (text: string) => new URL(linkIn(text, '/reset-password?token=')).searchParams.get('token') ?? '';
const NEW_PASSWORD = 'a brand new passphrase';

for (const database of TEST_DATABASES) {
  describe(`forgotten password [${database.name}]`, () => {
    const setup = mailApps(database);

    async function learnerWithAddress(s: Awaited<ReturnType<typeof setup>>, username: string, address: string) {
      const { cookie, userId } = await loginAs(s.app, username, PASSWORD);
      await confirmAddress(s.db, userId, address, s.clock());
      return { cookie, userId };
    }
    const forgot = (s: Awaited<ReturnType<typeof setup>>, identifier: string) =>
      s.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { identifier } });
    const reset = (s: Awaited<ReturnType<typeof setup>>, token: string, password = NEW_PASSWORD) =>
      s.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
    const login = (s: Awaited<ReturnType<typeof setup>>, username: string, password: string) =>
      s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

    it(
      'answers a request for an unknown address exactly as for a known one, ' + 'and mails only the known one',
      async () => {
        const s = await setup();
        await learnerWithAddress(s, 'known', 'known@example.com');
        const answers = new Set<string>();
        const ask = async (who: 'known' | 'unknown', i: number) => {
          const res = await forgot(
            s,
            who === 'known' ? (i % 2 ? 'Known@Example.com' : 'known') : `nobody${i}@example.com`,
          );
          answers.add(
            JSON.stringify({
              status: res.statusCode,
              body: res.json() as unknown,
              type: res.headers['content-type'],
              cache: res.headers['cache-control'],
            }),
          );
        };
        for (let i = 0; i < 3; i++) {
          for (const who of i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const))
            await ask(who, i);
        }
        expect([...answers]).toEqual([
          JSON.stringify({
            status: 202,
            body: { ok: true },
            type: 'application/json; charset=utf-8',
            cache: 'no-store',
          }),
        ]);
        // That the answer's time tells nothing either is a timing, measured by `npm run bench:forgot-password`.

        const received = await s.mails(3);
        await new Promise((r) => setTimeout(r, 200));
        expect(s.smtp.received).toHaveLength(3);
        expect(received.map((m) => m.headers.to)).toEqual([
          'known@example.com',
          'known@example.com',
          'known@example.com',
        ]);
        expect(received[0]?.headers.subject).toBe('Reset your Vocab password');
      },
    );

    it('sends nothing for a username whose address is not confirmed', async () => {
      const s = await setup();
      const { cookie } = await loginAs(s.app, 'unconfirmed', PASSWORD);
      await s.app.inject({
        method: 'POST',
        url: '/api/account/email',
        headers: { cookie },
        payload: { address: 'pending@example.com' },
      });
      await s.mails(1);
      expect((await forgot(s, 'unconfirmed')).statusCode).toBe(202);
      expect((await forgot(s, 'pending@example.com')).statusCode).toBe(202);
      await s.app.email.settle();
      await new Promise((r) => setTimeout(r, 200));
      expect(s.smtp.received.map((m) => /Subject: (.*)/.exec(m)?.[1])).toEqual([
        'Confirm your email address for Vocab',
      ]);
    });

    it('sets a new password by the link once, ending every session of the account', async () => {
      const s = await setup();
      const { cookie } = await learnerWithAddress(s, 'forgetful', 'me@example.com');
      const other = await login(s, 'forgetful', PASSWORD);
      expect((await forgot(s, 'Forgetful')).statusCode).toBe(202);
      const [mail] = await s.mails(1);
      const token = new URL(linkIn(mail?.text ?? '', '/reset-password?token=')).searchParams.get('token') ?? '';
      expect(mail?.text).toContain('"forgetful"');

      expect((await reset(s, token, 'short')).statusCode).toBe(400);
      const done = await reset(s, token);
      expect(done.statusCode).toBe(200);
      for (const c of [cookie, `sid=${other.cookies.find((k) => k.name === 'sid')?.value ?? ''}`]) {
        expect(
          (await s.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: c } })).json(),
        ).toEqual({ user: null });
      }
      expect((await login(s, 'forgetful', PASSWORD)).statusCode).toBe(401);
      expect((await login(s, 'forgetful', NEW_PASSWORD)).statusCode).toBe(200);

      const twice = await reset(s, token, 'yet another passphrase');
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toMatchObject({ error: { code: 'link_invalid' } });
      expect((await login(s, 'forgetful', NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses a link past its 30 minutes, and a made-up one', async () => {
      const s = await setup();
      await learnerWithAddress(s, 'slow', 'slow@example.com');
      await forgot(s, 'slow@example.com');
      const [mail] = await s.mails(1);
      const token = new URL(linkIn(mail?.text ?? '', '/reset-password?token=')).searchParams.get('token') ?? '';
      s.clock.advance(30 * 60_000 + 1);
      expect((await reset(s, token)).json()).toMatchObject({ error: { code: 'link_invalid' } });
      expect((await reset(s, 'A'.repeat(43))).statusCode).toBe(400);
      expect((await login(s, 'slow', PASSWORD)).statusCode).toBe(200);
    });

    it('limits requests per client whatever they name, and mails per account', async () => {
      const s = await setup();
      await learnerWithAddress(s, 'popular', 'popular@example.com');
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        statuses.push((await forgot(s, i % 2 ? 'ghost@example.com' : 'popular@example.com')).statusCode);
      }
      expect(statuses).toEqual([...Array(20).fill(202), 429]);
      // Ten requests named the account: three mails this hour, the others answered the same and nothing sent.
      await s.mails(3);
      await new Promise((r) => setTimeout(r, 200));
      expect(s.smtp.received).toHaveLength(3);
    });

    it('keeps a link working when more are asked for, until one is used', async () => {
      const s = await setup();
      await learnerWithAddress(s, 'patient', 'patient@example.com');
      await forgot(s, 'patient');
      await forgot(s, 'PATIENT@example.com');
      const [first, second] = (await s.mails(2)).map((m) => tokenIn(m.text));
      expect((await reset(s, first ?? '')).statusCode).toBe(200);
      expect((await reset(s, second ?? '', 'yet another passphrase')).json()).toMatchObject(INVALID);
      expect((await login(s, 'patient', NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('gives the owner a working link after a spray of requests from 20 addresses', async () => {
      const s = await setup({ trustProxy: 1 });
      const { userId } = await learnerWithAddress(s, 'target', 'target@example.com');
      // The owner's browser is known to the account: it has logged in from it.
      const device = (await login(s, 'target', PASSWORD)).cookies.find((c) => c.name === 'did')?.value;
      expect(device).toBeDefined();
      const from = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });
      for (let i = 0; i < 20; i++) {
        const identifier = i % 2 ? 'target' : 'TARGET@EXAMPLE.COM';
        const res = await s.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          headers: from(i),
          payload: { identifier },
        });
        expect(res.statusCode).toBe(202);
      }
      await s.mails(3);
      const own = await s.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: { ...from(99), cookie: `did=${device}` },
        payload: { identifier: 'target' },
      });
      expect(own.statusCode).toBe(202);
      const received = await s.mails(4);
      expect(received).toHaveLength(4);
      expect((await reset(s, tokenIn(received[3]?.text ?? ''))).statusCode).toBe(200);
      expect((await login(s, 'target', NEW_PASSWORD)).json()).toMatchObject({ _id: userId });
    });

    it('voids a link mailed before the password is changed, the address removed or another one confirmed', async () => {
      const s = await setup();
      const { cookie, userId } = await learnerWithAddress(s, 'careful', 'careful@example.com');
      const account = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
        s.app.inject({ method, url, headers: { cookie }, payload });
      const newLink = async (count: number) => {
        await forgot(s, 'careful');
        return tokenIn((await s.mails(count))[count - 1]?.text ?? '');
      };

      const beforePassword = await newLink(1);
      const change = { currentPassword: PASSWORD, newPassword: 'changed passphrase' };
      expect((await account('POST', '/api/account/password', change)).statusCode).toBe(200);
      expect((await reset(s, beforePassword)).json()).toMatchObject(INVALID);

      const beforeRemoval = await newLink(2);
      expect((await account('DELETE', '/api/account/email')).statusCode).toBe(200);
      expect((await reset(s, beforeRemoval)).json()).toMatchObject(INVALID);

      await confirmAddress(s.db, userId, 'careful@example.com', s.clock());
      const beforeNewAddress = await newLink(3);
      expect((await account('POST', '/api/account/email', { address: 'elsewhere@example.com' })).statusCode).toBe(202);
      const confirmation = (await s.mails(4))[3]?.text ?? '';
      const confirmToken = new URL(linkIn(confirmation, '/confirm-email?token=')).searchParams.get('token');
      expect((await account('POST', '/api/account/email/confirm', { token: confirmToken })).statusCode).toBe(200);
      expect((await reset(s, beforeNewAddress)).json()).toMatchObject(INVALID);
      expect((await login(s, 'careful', 'changed passphrase')).statusCode).toBe(200);
    });

    it(
      'says whether a link still works before a password is typed: ' + 'fresh yes; used, unknown or malformed no',
      async () => {
        const s = await setup();
        await learnerWithAddress(s, 'checker', 'checker@example.com');
        const check = (token: string) =>
          s.app.inject({ method: 'GET', url: `/api/auth/reset-link?token=${encodeURIComponent(token)}` });
        await forgot(s, 'checker');
        const token = tokenIn((await s.mails(1))[0]?.text ?? '');

        expect((await check(token)).json()).toEqual({ ok: true });
        expect((await check(token)).statusCode).toBe(200);
        expect((await reset(s, token)).statusCode).toBe(200);
        const used = await check(token);
        expect(used.statusCode).toBe(400);
        expect(used.json()).toMatchObject(INVALID);
        expect((await check('x'.repeat(43))).json()).toMatchObject(INVALID);
        expect((await check('not a token')).statusCode).toBe(400);
      },
    );

    it('says so when the server cannot send email', async () => {
      const s = await setup({ smtpUrl: undefined });
      const res = await forgot(s, 'anyone@example.com');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'email_unavailable' } });
    });
  });
}
