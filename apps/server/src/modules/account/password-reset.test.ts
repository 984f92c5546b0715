import { describe, expect, it } from 'vitest';
import { loginAs, TEST_DATABASES } from '../../test/harness.js';
import { confirmAddress, linkIn, mailApps } from '../../test/mail-app.js';

const PASSWORD = 'correct horse';
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

    it('answers a request for an unknown address exactly as for a known one, and mails only the known one', async () => {
      const s = await setup();
      await learnerWithAddress(s, 'known', 'known@example.com');
      const timings: Record<string, number[]> = { known: [], unknown: [] };
      const answers = new Set<string>();
      const ask = async (who: 'known' | 'unknown', i: number) => {
        // Each request starts with the previous one's mail handled, so that only its own answer is timed.
        await s.app.email.settle();
        await s.app.email.deliverMail();
        // The mail client closes its connection after a delivery: that must not land in the next request's time.
        await new Promise((r) => setTimeout(r, 150));
        const started = performance.now();
        const res = await forgot(s, who === 'known' ? (i % 2 ? 'Known@Example.com' : 'known') : `nobody${i}@example.com`);
        timings[who]?.push(performance.now() - started);
        answers.add(JSON.stringify({ status: res.statusCode, body: res.json() as unknown, type: res.headers['content-type'], cache: res.headers['cache-control'] }));
      };
      await ask('unknown', 99);
      timings.unknown = [];
      for (let i = 0; i < 3; i++) {
        for (const who of i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) await ask(who, i);
      }
      expect([...answers]).toEqual([JSON.stringify({ status: 202, body: { ok: true }, type: 'application/json; charset=utf-8', cache: 'no-store' })]);
      const median = (xs: number[] = []) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
      console.log(`forgot-password answer time, median of 3 (ms): known ${median(timings.known).toFixed(1)}, unknown ${median(timings.unknown).toFixed(1)}`);
      // The account is looked up after the answer: neither waits for a lookup, a token or a mail.
      expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(25);

      const received = await s.mails(3);
      await new Promise((r) => setTimeout(r, 200));
      expect(s.smtp.received).toHaveLength(3);
      expect(received.map((m) => m.headers.to)).toEqual(['known@example.com', 'known@example.com', 'known@example.com']);
      expect(received[0]?.headers.subject).toBe('Reset your Vocab password');
    });

    it('sends nothing for a username whose address is not confirmed', async () => {
      const s = await setup();
      const { cookie } = await loginAs(s.app, 'unconfirmed', PASSWORD);
      await s.app.inject({ method: 'POST', url: '/api/account/email', headers: { cookie }, payload: { address: 'pending@example.com' } });
      await s.mails(1);
      expect((await forgot(s, 'unconfirmed')).statusCode).toBe(202);
      expect((await forgot(s, 'pending@example.com')).statusCode).toBe(202);
      await s.app.email.settle();
      await new Promise((r) => setTimeout(r, 200));
      expect(s.smtp.received.map((m) => /Subject: (.*)/.exec(m)?.[1])).toEqual(['Confirm your email address for Vocab']);
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
        expect((await s.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: c } })).json()).toEqual({ user: null });
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

    it('limits requests per address or name typed (known or not alike) and mails per account', async () => {
      const s = await setup();
      await learnerWithAddress(s, 'popular', 'popular@example.com');
      const statuses = async (identifier: string) => {
        const out: number[] = [];
        for (let i = 0; i < 6; i++) out.push((await forgot(s, identifier)).statusCode);
        return out;
      };
      expect(await statuses('popular@example.com')).toEqual([202, 202, 202, 202, 202, 429]);
      expect(await statuses('ghost@example.com')).toEqual([202, 202, 202, 202, 202, 429]);
      // The account had three mails this hour: asked by its name, it is answered the same and nothing more is sent.
      expect((await forgot(s, 'popular')).statusCode).toBe(202);
      await s.mails(3);
      await new Promise((r) => setTimeout(r, 200));
      expect(s.smtp.received).toHaveLength(3);
    });

    it('says so when the server cannot send email', async () => {
      const s = await setup({ smtpUrl: undefined });
      const res = await forgot(s, 'anyone@example.com');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'email_unavailable' } });
    });
  });
}
