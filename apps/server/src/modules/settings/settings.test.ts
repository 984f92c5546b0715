import { expect, it } from 'vitest';
import { describeEachDatabase, loginAs } from '../../test/harness.js';

describeEachDatabase('settings', (ctx) => {
  it('gives a visitor the defaults without creating anyone', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.json()).toEqual({
      strictAccents: false,
      desiredRetention: 0.9,
      dailyGoal: 20,
      autoSpeak: false,
      theme: 'system',
    });
    expect(res.cookies).toHaveLength(0);
  });

  it('changes only the settings sent, and validates them', async () => {
    const { cookie } = await loginAs(ctx().app, 'tess');
    const patch = (payload: object) =>
      ctx().app.inject({ method: 'PATCH', url: '/api/settings', payload, headers: { cookie } });
    expect((await patch({ strictAccents: true })).json()).toMatchObject({ strictAccents: true, dailyGoal: 20 });
    expect((await patch({ dailyGoal: 35, theme: 'dark' })).json()).toMatchObject({
      strictAccents: true,
      dailyGoal: 35,
      theme: 'dark',
    });
    for (const bad of [
      { desiredRetention: 0.5 },
      { desiredRetention: 0.99 },
      { dailyGoal: 0 },
      { theme: 'pink' },
      { other: 1 },
    ]) {
      expect((await patch(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await ctx().app.inject({ method: 'GET', url: '/api/settings', headers: { cookie } })).json()).toMatchObject(
      { strictAccents: true, dailyGoal: 35 },
    );
  });

  it("schedules with the learner's desired retention", async () => {
    const { cookie } = await loginAs(ctx().app, 'ugo');
    const high = await loginAs(ctx().app, 'vera');
    await ctx().app.inject({
      method: 'PATCH',
      url: '/api/settings',
      payload: { desiredRetention: 0.97 },
      headers: { cookie: high.cookie },
    });
    const [word] = (await ctx().app.inject({ method: 'GET', url: '/api/spanish' })).json<Array<{ _id: string }>>();
    // Two good answers, the second when the first is due: the interval after it depends on retention.
    const answer = async (c: string) =>
      (await ctx().app.inject({ method: 'PATCH', url: `/api/spanish/${word?._id}`, headers: { cookie: c } })).json<{
        word: { due: number };
      }>().word.due;
    await answer(cookie);
    await answer(high.cookie);
    ctx().clock.advance(3 * 86_400_000);
    const normalDue = await answer(cookie);
    const strictDue = await answer(high.cookie);
    expect(strictDue).toBeLessThan(normalDue);
  });
});
