import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestDatabase, describeEachDatabase, TEST_DATABASES, testClock, testConfig } from '../../test/harness.js';
import { startSmtp } from '../../test/smtp-server.js';
import { RETRY_DELAYS_MS } from './contact-outbox.js';

const message = { name: 'Ana', email: 'ana@example.com', message: 'Hola! Could you add Catalan?' };

describeEachDatabase('contact without SMTP', (ctx) => {
  it('stores a valid message and answers 201', async () => {
    const res = await ctx().app.inject({ method: 'POST', url: '/api/contact', payload: message });
    expect(res.statusCode).toBe(201);
    const rows = await ctx().db.kysely.selectFrom('contact_messages').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...message, status: 'stored' });
  });

  it('refuses missing fields and a bad address with a message, storing nothing', async () => {
    for (const payload of [
      { ...message, name: '' },
      { ...message, email: 'not-an-address' },
      { name: 'x', email: 'a@b.co' },
      { ...message, message: 'x'.repeat(5001) },
    ]) {
      const res = await ctx().app.inject({ method: 'POST', url: '/api/contact', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toEqual(expect.any(String));
    }
    expect(await ctx().db.kysely.selectFrom('contact_messages').selectAll().execute()).toHaveLength(0);
  });

  it('names every field that was wrong in `issues`, with its own message', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: '', email: 'not-an-address', message: 'Hola' },
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{
      error: { code: string; message: string; issues: Array<{ path: string; message: string }> };
    }>();
    expect(error.code).toBe('invalid_input');
    expect(error.issues).toEqual([
      { path: 'name', message: expect.stringMatching(/name/) },
      { path: 'email', message: 'email must be an e-mail address' },
    ]);
  });
});

for (const database of TEST_DATABASES) {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function setup() {
    const smtp = await startSmtp();
    const tdb = await createTestDatabase(database.name, database.url);
    const clock = testClock();
    const app = await buildApp({
      config: testConfig({ smtpUrl: smtp.url, contactTo: 'team@vocab.example' }),
      db: tdb.db,
      clock,
      webDir: null,
      logger: false,
      outboxPollMs: 60_000,
    });
    cleanups.push(smtp.close, tdb.drop, () => app.close());
    const outboxRows = () => tdb.db.kysely.selectFrom('contact_messages').selectAll().execute();
    const waitFor = async (predicate: () => Promise<boolean>) => {
      for (let i = 0; i < 100 && !(await predicate()); i++) await new Promise((r) => setTimeout(r, 20));
    };
    return { smtp, app, clock, outboxRows, waitFor };
  }

  it(`delivers a message over SMTP [${database.name}]`, async () => {
    const { smtp, app, outboxRows, waitFor } = await setup();
    expect((await app.inject({ method: 'POST', url: '/api/contact', payload: message })).statusCode).toBe(201);
    await waitFor(async () => (await outboxRows())[0]?.status === 'sent');
    expect((await outboxRows())[0]).toMatchObject({ status: 'sent', attempts: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('Could you add Catalan?');
    expect(smtp.received[0]).toMatch(/Reply-To: .*ana@example\.com/);
    expect(smtp.received[0]).toContain('To: team@vocab.example');
  });

  it(`retries with back-off when the mail server refuses, and loses nothing [${database.name}]`, async () => {
    const { smtp, app, clock, outboxRows, waitFor } = await setup();
    smtp.failNext(2);
    await app.inject({ method: 'POST', url: '/api/contact', payload: message });
    await waitFor(async () => (await outboxRows())[0]?.attempts === 1);
    expect((await outboxRows())[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      next_attempt_at: clock() + (RETRY_DELAYS_MS[0] ?? 0),
    });

    // Not due yet: a new message is delivered, the failed one waits for its time.
    await app.inject({ method: 'POST', url: '/api/contact', payload: { ...message, message: 'second' } });
    await waitFor(async () => (await outboxRows()).some((r) => r.attempts === 1 && r.message === 'second'));
    clock.advance(RETRY_DELAYS_MS[1] ?? 0);
    await app.inject({ method: 'POST', url: '/api/contact', payload: { ...message, message: 'third' } });
    await waitFor(async () => (await outboxRows()).every((r) => r.status === 'sent'));
    const rows = await outboxRows();
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(smtp.received).toHaveLength(3);
  });
}
