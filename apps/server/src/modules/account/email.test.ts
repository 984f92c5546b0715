import { describe, expect, it } from 'vitest';
import { describeEachDatabase, loginAs, sessionCookie, TEST_DATABASES } from '../../test/harness.js';
import { linkIn, mailApps, PUBLIC_URL } from '../../test/mail-app.js';

const PASSWORD = 'correct horse';
const EMAIL_TABLES = ['account_emails', 'email_tokens', 'reminder_settings', 'reminder_sends', 'mail_outbox'] as const;

describeEachDatabase('account email without SMTP', (ctx) => {
  it('answers 401 to a visitor, says email is unavailable, and refuses to send a link', async () => {
    expect((await ctx().app.inject({ method: 'GET', url: '/api/account/email' })).statusCode).toBe(401);
    expect(
      (await ctx().app.inject({ method: 'POST', url: '/api/account/email', payload: { address: 'a@example.com' } }))
        .statusCode,
    ).toBe(401);
    const { cookie } = await loginAs(ctx().app, 'nosmtp', PASSWORD);
    expect((await ctx().app.inject({ method: 'GET', url: '/api/account/email', headers: { cookie } })).json()).toEqual({
      available: false,
      address: null,
      pending: null,
    });
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/account/email',
      headers: { cookie },
      payload: { address: 'a@example.com' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'email_unavailable' } });
  });
});

for (const database of TEST_DATABASES) {
  describe(`account email [${database.name}]`, () => {
    const setup = mailApps(database);

    it(
      'confirms an address by a single-use link, ' +
        'shows it only to its account, exports it and deletes it with the account',
      async () => {
        const { app, db, mails } = await setup();
        const { cookie, userId } = await loginAs(app, 'mailer', PASSWORD);
        const other = await loginAs(app, 'stranger', PASSWORD);
        const call = (
          method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
          url: string,
          c: string | undefined,
          payload?: object,
        ) => app.inject({ method, url, headers: c ? { cookie: c } : {}, payload });

        expect((await call('POST', '/api/account/email', cookie, { address: 'not an address' })).statusCode).toBe(400);
        const set = await call('POST', '/api/account/email', cookie, { address: ' Ana@Example.com ' });
        expect(set.statusCode).toBe(202);
        expect(set.json()).toEqual({ available: true, address: null, pending: 'Ana@Example.com' });

        const [mail] = await mails(1);
        expect(mail?.headers.to?.toLowerCase()).toBe('ana@example.com');
        expect(mail?.headers.subject).toBe('Confirm your email address for Vocab');
        expect(mail?.text).toContain(
          '\nVocab uses the address only for a forgotten password and, if you turn them on, daily reminders.\n',
        );
        const link = new URL(linkIn(mail?.text ?? '', '/confirm-email?token='));
        const token = link.searchParams.get('token') ?? '';
        // Only the hash is stored; the sent mail's text is emptied.
        await app.email.deliverMail();
        expect(JSON.stringify(await db.kysely.selectFrom('email_tokens').selectAll().execute())).not.toContain(token);
        expect((await db.kysely.selectFrom('mail_outbox').select('body').execute()).map((r) => r.body)).toEqual(['']);

        // Opened logged out (another device): the token is enough, once.
        const confirmed = await call('POST', '/api/account/email/confirm', undefined, { token });
        expect(confirmed.statusCode).toBe(200);
        expect(confirmed.json()).toEqual({ address: 'Ana@Example.com' });
        const again = await call('POST', '/api/account/email/confirm', undefined, { token });
        expect(again.statusCode).toBe(400);
        expect(again.json()).toMatchObject({ error: { code: 'link_invalid' } });
        expect((await call('GET', '/api/account/email', cookie)).json()).toEqual({
          available: true,
          address: 'Ana@Example.com',
          pending: null,
        });
        expect((await call('GET', '/api/account/email', other.cookie)).json()).toEqual({
          available: true,
          address: null,
          pending: null,
        });

        const exported = await call('GET', '/api/account/export', cookie);
        expect(exported.statusCode).toBe(200);
        expect(exported.headers['content-disposition']).toContain('attachment');
        expect(JSON.parse(exported.body)).toMatchObject({
          username: 'mailer',
          email: { address: 'Ana@Example.com', waitingForConfirmation: null },
          reminder: { enabled: false },
        });
        expect((await call('GET', '/api/account/export', other.cookie)).body).not.toContain('Ana@Example.com');

        expect(
          (await call('PATCH', '/api/reminders', cookie, { enabled: true, timeZone: 'Europe/Madrid' })).statusCode,
        ).toBe(200);
        const deleted = await app.inject({
          method: 'POST',
          url: '/api/account/delete',
          headers: { cookie },
          payload: { password: PASSWORD },
        });
        expect(deleted.statusCode).toBe(200);
        for (const table of EMAIL_TABLES) {
          const rows = await db.kysely.selectFrom(table).selectAll().execute();
          expect(JSON.stringify(rows), table).not.toContain(userId);
        }
      },
    );

    it(
      'keeps the confirmed address until a new one is confirmed; ' + 'an expired or replaced link does nothing',
      async () => {
        const { app, clock, mails } = await setup();
        const { cookie } = await loginAs(app, 'changer', PASSWORD);
        const call = (
          method: 'GET' | 'POST' | 'DELETE',
          url: string,
          payload?: object,
          c: string | undefined = cookie,
        ) => app.inject({ method, url, headers: c ? { cookie: c } : {}, payload });
        const tokenOf = (text: string) => new URL(linkIn(text, '/confirm-email')).searchParams.get('token') ?? '';

        await call('POST', '/api/account/email', { address: 'first@example.com' });
        expect(
          (
            await call(
              'POST',
              '/api/account/email/confirm',
              { token: tokenOf((await mails(1))[0]?.text ?? '') },
              undefined,
            )
          ).statusCode,
        ).toBe(200);

        await call('POST', '/api/account/email', { address: 'second@example.com' });
        const secondToken = tokenOf((await mails(2))[1]?.text ?? '');
        await call('POST', '/api/account/email', { address: 'third@example.com' });
        const thirdToken = tokenOf((await mails(3))[2]?.text ?? '');
        expect((await call('GET', '/api/account/email')).json()).toEqual({
          available: true,
          address: 'first@example.com',
          pending: 'third@example.com',
        });
        // Only the latest link works.
        expect((await call('POST', '/api/account/email/confirm', { token: secondToken }, undefined)).statusCode).toBe(
          400,
        );
        clock.advance(24 * 3_600_000 + 1);
        expect((await call('POST', '/api/account/email/confirm', { token: thirdToken }, undefined)).statusCode).toBe(
          400,
        );
        expect((await call('GET', '/api/account/email')).json()).toEqual({
          available: true,
          address: 'first@example.com',
          pending: null,
        });

        expect((await call('DELETE', '/api/account/email')).json()).toEqual({
          available: true,
          address: null,
          pending: null,
        });
      },
    );

    it('tells the old confirmed address when a new one is confirmed, naming neither', async () => {
      const { app, mails } = await setup();
      const { cookie } = await loginAs(app, 'mover', PASSWORD);
      const call = (url: string, payload: object, c?: string) =>
        app.inject({ method: 'POST', url, headers: c ? { cookie: c } : {}, payload });
      const tokenOf = (text: string) => new URL(linkIn(text, '/confirm-email')).searchParams.get('token') ?? '';

      await call('/api/account/email', { address: 'old@example.com' }, cookie);
      await call('/api/account/email/confirm', { token: tokenOf((await mails(1))[0]?.text ?? '') });
      await call('/api/account/email', { address: 'new@example.com' }, cookie);
      expect(
        (await call('/api/account/email/confirm', { token: tokenOf((await mails(2))[1]?.text ?? '') })).statusCode,
      ).toBe(200);

      const notice = (await mails(3))[2];
      expect(notice?.headers.to).toBe('old@example.com');
      expect(notice?.headers.subject).toBe('Your Vocab account has a new email address');
      expect(notice?.text).toContain('If you did not make this change, log in and change your password');
      expect(notice?.text).not.toContain('new@example.com');
      expect(notice?.text).not.toContain('mover');
    });

    it('mails a confirmation link to an address given at signup, with no text the requester chose', async () => {
      const { app, mails } = await setup();
      // Anyone can sign up with anyone's address: the name they choose must not reach that mailbox.
      const username = 'claim-prize.evil-site.com';
      const signup = (email: string) =>
        app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password: PASSWORD, email } });
      expect((await signup('nope')).statusCode).toBe(400);
      const res = await signup('new@example.com');
      expect(res.statusCode).toBe(201);
      const cookie = sessionCookie(res);
      const address = (method: 'GET' | 'POST', payload?: object) =>
        app.inject({ method, url: '/api/account/email', headers: { cookie }, payload });
      await address('POST', { address: 'other@example.com' });
      const sent = await mails(2);
      expect(sent.map((m) => m.headers.to)).toEqual(['new@example.com', 'other@example.com']);
      for (const mail of sent) {
        expect(mail.text).toMatch(/^Hello,/);
        expect(mail.text.toLowerCase()).not.toContain('claim-prize');
        expect(mail.headers.subject).toBe('Confirm your email address for Vocab');
      }
      const link = linkIn(sent[0]?.text ?? '', '/confirm-email?token=');
      expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/confirm-email\\?token=[A-Za-z0-9_-]{43}$`));
      expect((await address('GET')).json()).toMatchObject({ pending: 'other@example.com' });
    });
  });
}
