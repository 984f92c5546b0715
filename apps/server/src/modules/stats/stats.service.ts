import type { LanguageCharts, Summary } from '@vocab/api';
import {
  DEFAULT_DESIRED_RETENTION,
  type LanguageCode,
  State,
  type Verdict,
  addDays,
  currentStreak,
  dayKey,
  lastDays,
  xpFor,
} from '@vocab/core';
import type { Clock } from '../../lib/clock.js';
import type { Learner } from '../../lib/learner.js';
import type { SettingsRepository } from '../settings/settings.repository.js';
import type { StatsRepository } from './stats.repository.js';

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 90;
const FORECAST_DAYS = 30;
const RETENTION_WINDOW_DAYS = 30;

const countBy = (keys: string[]): Map<string, number> => {
  const m = new Map<string, number>();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return m;
};

/** Figures computed in the learner's time zone: a "day" is their calendar day, not the server's. */
/**
 * How late an answer given offline may reach the server and still count for the streak and the daily goal on the
 * day it was given: a day and a half covers a train, a flight or a night without signal. Held longer, it counts on
 * the day it arrived, so a client cannot backdate a week of answers in one sitting to fill a streak
 * (docs/decisions/0011-offline-practice.md). Its review is still scheduled from when it was given.
 */
export const OFFLINE_STREAK_GRACE_MS = 36 * 60 * 60 * 1000;

/** The time an answer counts at for the streak and the daily goal. */
const countedAt = (a: { reviewed_at: number; received_at: number | null }): number =>
  a.received_at !== null && a.received_at - a.reviewed_at > OFFLINE_STREAK_GRACE_MS ? a.received_at : a.reviewed_at;

export class StatsService {
  private readonly repo: StatsRepository;
  private readonly settings: SettingsRepository;
  private readonly clock: Clock;

  constructor(deps: { repo: StatsRepository; settings: SettingsRepository; clock: Clock }) {
    ({ repo: this.repo, settings: this.settings, clock: this.clock } = deps);
  }

  async summary(learner: Learner | null, tz: string): Promise<Summary> {
    const goal = learner ? (await this.settings.get(learner.id)).dailyGoal : 20;
    if (!learner) return { streak: 0, todayAnswers: 0, dailyGoal: goal, goalMet: false, xp: 0, xpToday: 0 };
    const now = this.clock();
    const today = dayKey(now, tz);
    // A streak longer than the window is rare; the window bounds the work per request.
    const answers = await this.repo.answersSince(learner.id, now - 366 * DAY_MS);
    const days = answers.map((a) => dayKey(countedAt(a), tz));
    const todays = answers.filter((_, i) => days[i] === today);
    const counts = await this.repo.verdictCounts(learner.id);
    const xp = [...counts].reduce((sum, [verdict, n]) => sum + xpFor(verdict as Verdict) * n, 0);
    return {
      streak: currentStreak(new Set(days), today),
      todayAnswers: todays.length,
      dailyGoal: goal,
      goalMet: todays.length >= goal,
      xp,
      xpToday: todays.reduce((sum, a) => sum + xpFor(a.verdict as Verdict), 0),
    };
  }

  async languageCharts(learner: Learner | null, language: LanguageCode, tz: string): Promise<LanguageCharts> {
    const now = this.clock();
    const today = dayKey(now, tz);
    const history = lastDays(today, HISTORY_DAYS);
    const ahead = Array.from({ length: FORECAST_DAYS }, (_, i) => addDays(today, i));
    const desired = learner?.desiredRetention ?? DEFAULT_DESIRED_RETENTION;
    if (!learner) {
      const zeros = (days: string[]) => days.map((date) => ({ date, count: 0 }));
      return {
        learnedOverTime: zeros(history),
        reviewsPerDay: zeros(history),
        retention: { desired, actual: null, reviews: 0 },
        forecast: zeros(ahead),
        dueNow: 0,
        nextDueAt: null,
      };
    }
    const [answers, recalls, due] = await Promise.all([
      this.repo.answersSince(learner.id, now - (HISTORY_DAYS + 1) * DAY_MS, language),
      this.repo.firstRecalls(learner.id, language),
      this.repo.dueBefore(learner.id, language, now + FORECAST_DAYS * DAY_MS),
    ]);

    const perDay = countBy(answers.map((a) => dayKey(a.reviewed_at, tz)));
    const recallDays = recalls.map((r) => dayKey(r.at, tz)).sort();
    let learned = recallDays.filter((d) => d < (history[0] ?? today)).length;
    const recalledOn = countBy(recallDays);
    const learnedOverTime = history.map((date) => {
      learned += recalledOn.get(date) ?? 0;
      return { date, count: learned };
    });

    // True retention: how often a card in the Review state was recalled, the figure FSRS aims at.
    const since = now - RETENTION_WINDOW_DAYS * DAY_MS;
    const reviews = answers.filter((a) => a.scheduled === 1 && a.state === State.Review && a.reviewed_at >= since);
    const recalled = reviews.filter((a) => a.rating > 1).length;

    // Overdue cards count as due today.
    const dueOn = countBy(due.map((d) => (d.due <= now ? today : dayKey(d.due, tz))));
    const later = due.filter((d) => d.due > now).map((d) => d.due);
    return {
      learnedOverTime,
      reviewsPerDay: history.map((date) => ({ date, count: perDay.get(date) ?? 0 })),
      retention: { desired, actual: reviews.length === 0 ? null : recalled / reviews.length, reviews: reviews.length },
      forecast: ahead.map((date) => ({ date, count: dueOn.get(date) ?? 0 })),
      dueNow: due.length - later.length,
      nextDueAt: later.length === 0 ? null : Math.min(...later),
    };
  }
}
