import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, loginAs, TEST_DATABASES } from '../../test/harness.js';
import { confirmAddress, linkIn, mailApps, PUBLIC_URL } from '../../test/mail-app.js';

const PASSWORD = 'correct horse';

describeEachDatabase('reminder settings without SMTP', (ctx) => {
  it('answers 401 to a visitor, and says reminders are unavailable', async () => {
    expect((await ctx().app.inject({ method: 'GET', url: '/api/reminders' })).statusCode).toBe(401);
    expect(
      (await ctx().app.inject({ method: 'PATCH', url: '/api/reminders', payload: { enabled: true } })).statusCode,
    ).toBe(401);
    const { cookie } = await loginAs(ctx().app, 'nosmtp', PASSWORD);
    expect(
      (await ctx().app.inject({ method: 'GET', url: '/api/reminders', headers: { cookie } })).json(),
    ).toMatchObject({ available: false, enabled: false });
    const res = await ctx().app.inject({
      method: 'PATCH',
      url: '/api/reminders',
      headers: { cookie },
      payload: { enabled: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'reminders_unavailable' } });
  });
});

for (const database of TEST_DATABASES) {
  describe(`daily reminders [${database.name}]`, () => {
    const setup = mailApps(database);

    /**
     * A learner in New York with a confirmed address who answered five Spanish words on 1 March (so they are due a
     * week later), with a reminder at 8:00 on the days given.
     */
    async function learner(
      s: Awaited<ReturnType<typeof setup>>,
      settings: object = { enabled: true, hour: 8, timeZone: 'America/New_York', days: [1, 2, 3, 4, 5, 6, 7] },
    ) {
      const { cookie, userId } = await loginAs(s.app, 'reminded', PASSWORD);
      await answerWords(s.app, cookie, 5, 'first');
      await confirmAddress(s.db, userId, 'reminded@example.com', s.clock());
      const res = await s.app.inject({
        method: 'PATCH',
        url: '/api/reminders',
        headers: { cookie },
        payload: settings,
      });
      expect(res.statusCode).toBe(200);
      return { cookie, userId };
    }
    const pass = (app: FastifyInstance) => {
      if (!app.email.reminders) throw new Error('no reminder job');
      return app.email.reminders.runOnce();
    };
    const deliveredCount = async (s: Awaited<ReturnType<typeof setup>>) => {
      await s.app.email.deliverMail();
      await new Promise((r) => setTimeout(r, 100));
      return s.smtp.received.length;
    };

    it('refuses to turn reminders on without a confirmed address, or with an unknown time zone or no day', async () => {
      const s = await setup();
      const { cookie, userId } = await loginAs(s.app, 'settings', PASSWORD);
      const patch = (payload: object) =>
        s.app.inject({ method: 'PATCH', url: '/api/reminders', headers: { cookie }, payload });
      expect((await s.app.inject({ method: 'GET', url: '/api/reminders', headers: { cookie } })).json()).toEqual({
        available: true,
        emailConfirmed: false,
        enabled: false,
        hour: 18,
        timeZone: 'UTC',
        days: [1, 2, 3, 4, 5, 6, 7],
      });
      expect((await patch({ enabled: true })).json()).toMatchObject({ error: { code: 'email_unconfirmed' } });
      await confirmAddress(s.db, userId, 'settings@example.com', s.clock());
      expect((await patch({ timeZone: 'Mars/Olympus' })).json()).toMatchObject({
        error: { code: 'invalid_time_zone' },
      });
      expect((await patch({ hour: 24 })).statusCode).toBe(400);
      expect((await patch({ enabled: true, days: [] })).json()).toMatchObject({ error: { code: 'no_days' } });
      const ok = await patch({ enabled: true, hour: 7, timeZone: 'Europe/Madrid', days: [5, 1, 1] });
      expect(ok.json()).toEqual({
        available: true,
        emailConfirmed: true,
        enabled: true,
        hour: 7,
        timeZone: 'Europe/Madrid',
        days: [1, 5],
      });
      expect(
        (
          await s.app.inject({
            method: 'PATCH',
            url: '/api/reminders',
            headers: { cookie, origin: 'https://evil.example' },
            payload: { enabled: false },
          })
        ).statusCode,
      ).toBe(403);
    });

    it("sends at the learner's hour in their time zone, once a day, on a daylight-saving change day too", async () => {
      const s = await setup();
      await learner(s);
      // Saturday 7 March 2026, New York on EST (UTC-5): 8:00 there is 13:00 UTC.
      s.clock.set(Date.UTC(2026, 2, 7, 12, 55));
      expect(await pass(s.app)).toEqual({ candidates: 1, queued: 0 });
      s.clock.set(Date.UTC(2026, 2, 7, 13, 5));
      expect(await pass(s.app)).toEqual({ candidates: 1, queued: 1 });
      await s.app.email.deliverMail();
      s.clock.set(Date.UTC(2026, 2, 7, 14, 5));
      expect(await pass(s.app)).toEqual({ candidates: 1, queued: 0 });
      // Sunday 8 March: clocks went forward at 2:00; 8:00 EDT is 12:00 UTC, an hour earlier than the day before.
      s.clock.set(Date.UTC(2026, 2, 8, 11, 55));
      expect((await pass(s.app)).queued).toBe(0);
      s.clock.set(Date.UTC(2026, 2, 8, 12, 5));
      expect((await pass(s.app)).queued).toBe(1);
      await s.app.email.deliverMail();
      // Past the window of a late pass (three hours), a day without a pass in it gets none.
      s.clock.set(Date.UTC(2026, 2, 9, 15, 5));
      expect((await pass(s.app)).queued).toBe(0);

      const mails = await s.mails(2);
      expect(mails).toHaveLength(2);
      const [first] = mails;
      expect(first?.headers.to).toBe('reminded@example.com');
      expect(first?.headers.subject).toBe('5 words are waiting for you');
      expect(first?.text).toContain('5 words are due for review.');
      // Each sentence arrives on a line of its own, the footer under the signature line.
      expect(first?.text).toContain(
        '\n-- \nYou get this because you turned on daily reminders in your Vocab settings.\nStop these reminders: ',
      );
      expect(linkIn(first?.text ?? '', '/spanish')).toBe(`${PUBLIC_URL}/spanish/up-for-review`);
      expect(first?.headers['list-unsubscribe']).toMatch(
        new RegExp(`^<${PUBLIC_URL}/api/reminders/unsubscribe\\?u=[^&]+&s=[A-Za-z0-9_-]{43}>$`),
      );
      expect(first?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    });

    it('only on the chosen days', async () => {
      const s = await setup();
      await learner(s, { enabled: true, hour: 8, timeZone: 'America/New_York', days: [1] });
      s.clock.set(Date.UTC(2026, 2, 7, 13, 5)); // Saturday
      expect((await pass(s.app)).queued).toBe(0);
      s.clock.set(Date.UTC(2026, 2, 9, 12, 5)); // Monday
      expect((await pass(s.app)).queued).toBe(1);
    });

    it('sends nothing on a day the learner has already practised, nor to an address no longer confirmed', async () => {
      const s = await setup();
      const { cookie } = await learner(s);
      s.clock.set(Date.UTC(2026, 2, 7, 12, 0)); // 7:00 in New York
      await answerWords(s.app, cookie, 1, 'morning');
      s.clock.set(Date.UTC(2026, 2, 7, 13, 5));
      expect((await pass(s.app)).queued).toBe(0);
      // Answered at 23:00 New York time on the 7th, which is the 8th in UTC: the 8th is still to practise.
      s.clock.set(Date.UTC(2026, 2, 8, 4, 0));
      await answerWords(s.app, cookie, 1, 'late');
      s.clock.set(Date.UTC(2026, 2, 8, 12, 5));
      expect((await pass(s.app)).queued).toBe(1);
      await s.app.inject({ method: 'DELETE', url: '/api/account/email', headers: { cookie } });
      s.clock.set(Date.UTC(2026, 2, 9, 12, 5));
      expect(await pass(s.app)).toEqual({ candidates: 0, queued: 0 });
      expect(await deliveredCount(s)).toBe(1);
    });

    it('unsubscribes by the one-click POST and by the link, without a session, and refuses a forged link', async () => {
      const s = await setup();
      const { cookie } = await learner(s);
      s.clock.set(Date.UTC(2026, 2, 7, 13, 5));
      await pass(s.app);
      const [mail] = await s.mails(1);
      const header = /^<(.*)>$/.exec(mail?.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
      const url = new URL(header);
      const forged = new URL(url);
      forged.searchParams.set('s', 'x'.repeat(43));
      const oneClick = (target: URL) =>
        s.app.inject({
          method: 'POST',
          url: `${target.pathname}${target.search}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
      const refused = await oneClick(forged);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: { code: 'link_invalid' } });
      expect((await s.app.inject({ method: 'GET', url: '/api/reminders', headers: { cookie } })).json()).toMatchObject({
        enabled: true,
      });

      expect((await oneClick(url)).statusCode).toBe(200);
      expect((await s.app.inject({ method: 'GET', url: '/api/reminders', headers: { cookie } })).json()).toMatchObject({
        enabled: false,
        hour: 8,
      });
      s.clock.set(Date.UTC(2026, 2, 8, 12, 5));
      expect(await pass(s.app)).toEqual({ candidates: 0, queued: 0 });

      // Opened in a browser, the header's link lands on the page with the one button (the link in the text), and
      // opening it turns nothing off: mail scanners open links.
      await s.app.inject({ method: 'PATCH', url: '/api/reminders', headers: { cookie }, payload: { enabled: true } });
      const opened = await s.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(opened.statusCode).toBe(303);
      expect(new URL(opened.headers.location ?? '', PUBLIC_URL).href).toBe(linkIn(mail?.text ?? '', '/unsubscribe?'));
      const settings = await s.app.inject({ method: 'GET', url: '/api/reminders', headers: { cookie } });
      expect(settings.json()).toMatchObject({ enabled: true });
      const incomplete = await s.app.inject({ method: 'GET', url: '/api/reminders/unsubscribe?u=abc' });
      expect([incomplete.statusCode, incomplete.headers.location]).toEqual([303, '/unsubscribe?u=abc&s=']);

      // The link in the text opens a page that posts the same query, with no body.
      const page = new URL(linkIn(mail?.text ?? '', '/unsubscribe?'));
      const viaPage = await s.app.inject({ method: 'POST', url: `/api/reminders/unsubscribe${page.search}` });
      expect(viaPage.statusCode).toBe(200);
      expect((await s.app.inject({ method: 'GET', url: '/api/reminders', headers: { cookie } })).json()).toMatchObject({
        enabled: false,
      });
    });

    it('sends one reminder when two instances on one database run their passes at once', async () => {
      const s = await setup();
      await learner(s);
      const second = await s.instance();
      s.clock.set(Date.UTC(2026, 2, 7, 13, 5));
      const results = await Promise.all([pass(s.app), pass(second), pass(s.app), pass(second)]);
      expect(results.reduce((sum, r) => sum + r.queued, 0)).toBe(1);
      await second.email.deliverMail();
      expect(await deliveredCount(s)).toBe(1);
      expect(await s.db.kysely.selectFrom('reminder_sends').selectAll().execute()).toHaveLength(1);
    });

    it(
      'loses nothing and sends nothing twice across a restart: ' + 'a queued reminder goes out from the next instance',
      async () => {
        const s = await setup();
        await learner(s);
        // The first instance claims and queues the day's reminder, but its mail server is away; then it stops.
        const first = await s.instance({ smtpUrl: 'smtp://127.0.0.1:9' });
        s.clock.set(Date.UTC(2026, 2, 7, 13, 5));
        expect((await pass(first)).queued).toBe(1);
        await first.email.deliverMail();
        await first.close();
        expect(await s.db.kysely.selectFrom('mail_outbox').select(['status', 'attempts']).execute()).toEqual([
          { status: 'pending', attempts: 1 },
        ]);

        // After the restart, a pass finds the day claimed, and the outbox delivers the queued reminder when due.
        s.clock.advance(30 * 60_000);
        expect((await pass(s.app)).queued).toBe(0);
        expect(await deliveredCount(s)).toBe(1);
        expect(await s.db.kysely.selectFrom('mail_outbox').select('status').execute()).toEqual([{ status: 'sent' }]);
      },
    );

    it('reads only the learners whose reminder hour is near, and learns the hour of a row that has none', async () => {
      const s = await setup();
      const ids: Record<number, string> = {};
      for (const hour of [3, 12, 20]) {
        const { cookie, userId } = await loginAs(s.app, `hour${hour}`, PASSWORD);
        await answerWords(s.app, cookie, 1, `hour${hour}`);
        await confirmAddress(s.db, userId, `hour${hour}@example.com`, s.clock());
        const res = await s.app.inject({
          method: 'PATCH',
          url: '/api/reminders',
          headers: { cookie },
          payload: { enabled: true, hour, timeZone: 'UTC', days: [1, 2, 3, 4, 5, 6, 7] },
        });
        expect(res.statusCode).toBe(200);
        ids[hour] = userId;
      }
      // 12:05 UTC: the 12:00 learner is in their hour; 3:00 and 20:00 are far from it and are not read.
      s.clock.set(Date.UTC(2026, 2, 7, 12, 5));
      expect(await pass(s.app)).toEqual({ candidates: 1, queued: 1 });
      // A row from before the UTC hour was kept is read by the next pass, which fills it in; then it is left alone.
      await s.db.kysely
        .updateTable('reminder_settings')
        .set({ utc_hour: null })
        .where('user_id', '=', ids[20] ?? '')
        .execute();
      s.clock.set(Date.UTC(2026, 2, 7, 13, 5));
      expect((await pass(s.app)).candidates).toBe(2);
      const row = await s.db.kysely
        .selectFrom('reminder_settings')
        .select('utc_hour')
        .where('user_id', '=', ids[20] ?? '')
        .executeTakeFirst();
      expect(row?.utc_hour).toBe(20);
      s.clock.set(Date.UTC(2026, 2, 7, 14, 5));
      expect((await pass(s.app)).candidates).toBe(1);
      // At 20:30 the 20:00 learner gets theirs.
      s.clock.set(Date.UTC(2026, 2, 7, 20, 30));
      expect(await pass(s.app)).toEqual({ candidates: 1, queued: 1 });
    });

    it('reminds of the daily goal, linking to the quiz, when nothing is due', async () => {
      const s = await setup();
      const { cookie, userId } = await loginAs(s.app, 'fresh', PASSWORD);
      await s.app.inject({
        method: 'POST',
        url: '/api/users/languages',
        headers: { cookie },
        payload: { language: 'french' },
      });
      await confirmAddress(s.db, userId, 'fresh@example.com', s.clock());
      await s.app.inject({
        method: 'PATCH',
        url: '/api/reminders',
        headers: { cookie },
        payload: { enabled: true, hour: 18, timeZone: 'Europe/Paris' },
      });
      s.clock.set(Date.UTC(2026, 2, 2, 17, 30)); // 18:30 in Paris
      expect((await pass(s.app)).queued).toBe(1);
      const [mail] = await s.mails(1);
      expect(mail?.headers.subject).toBe('Your daily practice is waiting');
      expect(mail?.text).toContain('your daily goal is 20 answers');
      expect(linkIn(mail?.text ?? '', '/french')).toBe(`${PUBLIC_URL}/french-quiz`);
    });
  });
}

/** Answers `count` Spanish words correctly, as the quiz does. */
async function answerWords(app: FastifyInstance, cookie: string, count: number, tag: string): Promise<void> {
  const words = (await app.inject({ method: 'GET', url: '/api/spanish', headers: { cookie } })).json<
    Array<{ _id: string }>
  >();
  for (const [i, word] of words.slice(0, count).entries()) {
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/spanish/${word._id}`,
      headers: { cookie },
      payload: { answerId: `${tag}-answer-${i}`, verdict: 'correct' },
    });
    expect(res.statusCode).toBe(200);
  }
}
