import { expect, it } from 'vitest';
import { describeEachDatabase, loginAs } from '../../test/harness.js';

const DAY = 86_400_000;
type DayCount = { date: string; count: number };

describeEachDatabase('stats', (ctx) => {
  it('gives visitors zeros and refuses an unknown time zone', async () => {
    const summary = await ctx().app.inject({ method: 'GET', url: '/api/stats/summary' });
    expect(summary.json()).toEqual({ streak: 0, todayAnswers: 0, dailyGoal: 20, goalMet: false, xp: 0, xpToday: 0 });
    const progress = (await ctx().app.inject({ method: 'GET', url: '/api/spanish/progress?tz=Europe/Madrid' })).json();
    expect(progress.reviewsPerDay).toHaveLength(90);
    expect(progress.forecast).toHaveLength(30);
    expect(progress).toMatchObject({ dueNow: 0, nextDueAt: null });
    expect((await ctx().app.inject({ method: 'GET', url: '/api/stats/summary?tz=Nowhere/Land' })).statusCode).toBe(400);
  });

  it("counts the streak, the day's goal and XP in the learner's time zone", async () => {
    const { cookie } = await loginAs(ctx().app, 'wendy');
    await ctx().app.inject({ method: 'PATCH', url: '/api/settings', payload: { dailyGoal: 3 }, headers: { cookie } });
    const words = (await ctx().app.inject({ method: 'GET', url: '/api/french', headers: { cookie } })).json<
      Array<{ _id: string }>
    >();
    const answer = (i: number, verdict: string) =>
      ctx().app.inject({
        method: 'PATCH',
        url: `/api/french/${words[i]?._id}`,
        payload: { verdict },
        headers: { cookie },
      });

    // The clock starts at 12:00 UTC. Three days running, one answer a day.
    await answer(0, 'correct');
    ctx().clock.advance(DAY);
    await answer(1, 'almost');
    ctx().clock.advance(DAY);
    await answer(2, 'wrong');
    await answer(3, 'correct');
    await answer(4, 'correct');
    const summary = (
      await ctx().app.inject({ method: 'GET', url: '/api/stats/summary?tz=UTC', headers: { cookie } })
    ).json();
    expect(summary).toEqual({
      streak: 3,
      todayAnswers: 3,
      dailyGoal: 3,
      goalMet: true,
      xp: 10 + 7 + 2 + 10 + 10,
      xpToday: 22,
    });

    // Two days later the streak is broken.
    ctx().clock.advance(2 * DAY);
    expect(
      (await ctx().app.inject({ method: 'GET', url: '/api/stats/summary', headers: { cookie } })).json().streak,
    ).toBe(0);
  });

  it("draws a language's charts: reviews per day, words learned, retention and forecast", async () => {
    const { cookie } = await loginAs(ctx().app, 'xena');
    const words = (await ctx().app.inject({ method: 'GET', url: '/api/german', headers: { cookie } })).json<
      Array<{ _id: string }>
    >();
    for (const w of words.slice(0, 4))
      await ctx().app.inject({ method: 'PATCH', url: `/api/german/${w._id}`, headers: { cookie } });
    await ctx().app.inject({
      method: 'PATCH',
      url: `/api/german/${words[5]?._id}`,
      payload: { verdict: 'wrong' },
      headers: { cookie },
    });
    const p = (
      await ctx().app.inject({ method: 'GET', url: '/api/german/progress?tz=UTC', headers: { cookie } })
    ).json<{
      reviewsPerDay: DayCount[];
      learnedOverTime: DayCount[];
      forecast: DayCount[];
      retention: { desired: number; actual: number | null };
    }>();
    expect(p.reviewsPerDay.at(-1)).toEqual({ date: '2026-01-15', count: 5 });
    expect(p.learnedOverTime.at(-1)?.count).toBe(4);
    expect(p.learnedOverTime.at(-2)?.count).toBe(0);
    expect(p.retention).toEqual({ desired: 0.9, actual: null, reviews: 0 });
    expect(p.forecast.reduce((s, d) => s + d.count, 0)).toBe(5);
    // Other languages are untouched.
    const fr = (
      await ctx().app.inject({ method: 'GET', url: '/api/french/progress?tz=UTC', headers: { cookie } })
    ).json<{ reviewsPerDay: DayCount[] }>();
    expect(fr.reviewsPerDay.every((d) => d.count === 0)).toBe(true);
  });

  it('tells the cards due now apart from those due later, and when the next one opens', async () => {
    const { cookie } = await loginAs(ctx().app, 'yuri');
    const words = (await ctx().app.inject({ method: 'GET', url: '/api/italian', headers: { cookie } })).json<
      Array<{ _id: string }>
    >();
    // An answered card is due again later: not now, and the time it opens is given.
    await ctx().app.inject({
      method: 'PATCH',
      url: `/api/italian/${words[0]?._id}`,
      payload: { verdict: 'wrong' },
      headers: { cookie },
    });
    const progress = () =>
      ctx()
        .app.inject({ method: 'GET', url: '/api/italian/progress?tz=UTC', headers: { cookie } })
        .then((r) => r.json<{ dueNow: number; nextDueAt: number | null; forecast: DayCount[] }>());
    const soon = await progress();
    expect(soon.dueNow).toBe(0);
    expect(soon.forecast.reduce((sum, d) => sum + d.count, 0)).toBe(1);
    expect(soon.nextDueAt).toBeGreaterThan(ctx().clock());
    const day = new Date(soon.nextDueAt ?? 0).toISOString().slice(0, 10);
    expect(soon.forecast.find((d) => d.date === day)?.count).toBe(1);

    ctx().clock.advance((soon.nextDueAt ?? 0) - ctx().clock());
    expect(await progress()).toMatchObject({ dueNow: 1, nextDueAt: null });
  });
});
