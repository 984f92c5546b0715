import { describe, expect, it } from 'vitest';
import { TEST_DATABASES, loginAs, sessionCookie, visitorClient } from '../test/harness.js';
import { failOn } from '../test/faults.js';
import { confirmAddress, mailApps } from '../test/mail-app.js';

const PASSWORD = 'correct horse';

/** The languages the account's home lists. */
const languagesOf = async (client: ReturnType<typeof visitorClient>, userId: string) =>
  (await client<Array<{ language: string }>>('GET', `/api/users/languages/${userId}`)).map((l) => l.language);

/**
 * Writes of several statements are whole: with the database refusing a later statement (a trigger that raises),
 * nothing of the earlier ones stays, and the same request succeeds once the fault is gone.
 */
for (const database of TEST_DATABASES) {
  describe(`writes of several statements are whole [${database.name}]`, () => {
    const setup = mailApps(database);

    it('signup of a guest: the account and the languages it practised, or neither', async () => {
      const { app, db } = await setup();
      const guest = visitorClient(app);
      await guest('PATCH', '/api/spanish/1', { verdict: 'correct' });
      const heal = await failOn(db, 'user_languages', 'insert');
      const account = { username: 'whole', password: PASSWORD };
      await expect(guest('POST', '/api/auth/signup', account)).rejects.toThrow(/: 500 /);
      expect(await db.kysely.selectFrom('users').select(['username']).execute()).toEqual([{ username: null }]);
      await heal();
      const { _id } = await guest<{ _id: string }>('POST', '/api/auth/signup', account);
      expect(await languagesOf(guest, _id)).toEqual(['spanish']);
    });

    it('login of a guest: the languages it practised and its merge into the account, or neither', async () => {
      const { app, db } = await setup();
      await loginAs(app, 'olga', PASSWORD);
      const guest = visitorClient(app);
      const [word] = await guest<Array<{ _id: string }>>('GET', '/api/german?limit=1');
      await guest('PATCH', `/api/german/${word?._id}`, { verdict: 'correct' });
      const heal = await failOn(db, 'users', 'delete');
      const account = { username: 'olga', password: PASSWORD };
      await expect(guest('POST', '/api/auth/login', account)).rejects.toThrow(/: 500 /);
      expect(await db.kysely.selectFrom('user_languages').selectAll().execute()).toEqual([]);
      await heal();
      const { _id } = await guest<{ _id: string }>('POST', '/api/auth/login', account);
      expect(await languagesOf(guest, _id)).toEqual(['german']);
    });

    it('session rotation at login: the old session ends only with the new one started', async () => {
      const { app, db } = await setup();
      const { cookie } = await loginAs(app, 'rotor', PASSWORD);
      const heal = await failOn(db, 'sessions', 'insert');
      const payload = { username: 'rotor', password: PASSWORD };
      const login = () => app.inject({ method: 'POST', url: '/api/auth/login', headers: { cookie }, payload });
      expect((await login()).statusCode).toBe(500);
      const session = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
      expect(session.json()).toMatchObject({ user: { username: 'rotor' } });
      await heal();
      const again = await login();
      expect(again.statusCode).toBe(200);
      expect(sessionCookie(again)).not.toBe(cookie);
    });

    it('a confirmation link: its token and its mail, or neither', async () => {
      const { app, db, mails } = await setup();
      const { cookie } = await loginAs(app, 'confirmer', PASSWORD);
      const call = (method: 'GET' | 'POST', payload?: object) =>
        app.inject({ method, url: '/api/account/email', headers: { cookie }, payload });
      const heal = await failOn(db, 'mail_outbox', 'insert');
      expect((await call('POST', { address: 'me@example.com' })).statusCode).toBe(500);
      // A link stored without its mail would show the address as waiting for a confirmation that never comes.
      expect((await call('GET')).json()).toMatchObject({ pending: null });
      await heal();
      expect((await call('POST', { address: 'me@example.com' })).statusCode).toBe(202);
      expect(await mails(1)).toHaveLength(1);
    });

    it('a reset link: its token and its mail, or neither', async () => {
      const { app, db, mails } = await setup();
      const { userId } = await loginAs(app, 'resetter', PASSWORD);
      await confirmAddress(db, userId, 'resetter@example.com', Date.now());
      const forgot = () =>
        app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { identifier: 'resetter' } });
      const heal = await failOn(db, 'mail_outbox', 'insert');
      expect((await forgot()).statusCode).toBe(202);
      await app.email.settle();
      expect(await db.kysely.selectFrom('email_tokens').selectAll().execute()).toEqual([]);
      await heal();
      expect((await forgot()).statusCode).toBe(202);
      expect(await mails(1)).toHaveLength(1);
      expect(await db.kysely.selectFrom('email_tokens').select('purpose').execute()).toEqual([{ purpose: 'reset' }]);
    });
  });
}
