import { expect, it, vi } from 'vitest';
import { describeEachDatabase, loginAs } from '../../test/harness.js';
import { TOUCH_FLUSH_MS } from './session.repository.js';

const DAY = 86_400_000;

describeEachDatabase("a session's last use", (ctx) => {
  const me = (cookie: string) =>
    ctx().app.inject({ method: 'GET', url: '/api/auth/page-load-login', headers: { cookie } });
  const lastSeen = async () =>
    (
      await ctx()
        .db.kysely.selectFrom('sessions')
        .select('last_seen_at')
        .orderBy('last_seen_at', 'desc')
        .executeTakeFirstOrThrow()
    ).last_seen_at;

  it('is written with the others of the moment, not as a commit of its own per request', async () => {
    const { cookie } = await loginAs(ctx().app, 'toucher');
    const loggedInAt = await lastSeen();
    ctx().clock.advance(5 * 60_000);
    expect((await me(cookie)).statusCode).toBe(200);
    // Not yet written: the request did not wait for a commit.
    expect(await lastSeen()).toBe(loggedInAt);
    await vi.waitFor(async () => expect(await lastSeen()).toBe(ctx().clock()), {
      timeout: TOUCH_FLUSH_MS * 3,
      interval: 100,
    });
  });

  it('keeps a session used a moment ago alive through idle expiry, before its time is written', async () => {
    const { cookie } = await loginAs(ctx().app, 'regular');
    ctx().clock.advance(29 * DAY);
    expect((await me(cookie)).statusCode).toBe(200);
    ctx().clock.advance(2 * DAY);
    // 31 days after the last time written, 2 days after the last use: housekeeping must not end it.
    await ctx().app.maintenance.runOnce();
    expect((await me(cookie)).statusCode).toBe(200);
  });
});
