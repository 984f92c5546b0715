/**
 * Pure figures of a learner's activity: calendar days in the learner's time zone, streaks and XP.
 * Days are keyed "YYYY-MM-DD" so that they sort and compare as strings.
 */
import type { Verdict } from './verdict.js';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day of an instant in a time zone, as "YYYY-MM-DD". */
export function dayKey(ms: number, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f.format(ms);
}

/** The day after (or `n` days after) a day key; calendar arithmetic in UTC, where every day has 24 hours. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The last `count` days ending with `today`, oldest first. */
export function lastDays(today: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
}

/**
 * Consecutive days with at least one answer, ending today — or yesterday, so that a streak is not shown as
 * broken in the morning before the day's first answer.
 */
export function currentStreak(activeDays: ReadonlySet<string>, today: string): number {
  let day = activeDays.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (activeDays.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}

/** XP for one answer: effort counts, so even a wrong answer earns a little. */
export function xpFor(verdict: Verdict): number {
  return verdict === 'correct' ? 10 : verdict === 'almost' ? 7 : 2;
}
