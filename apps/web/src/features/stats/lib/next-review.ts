/**
 * When the next review opens, in the learner's words and time zone: "in 5 minutes", "today at 14:05",
 * "tomorrow at 09:30", "on Tue 1 Dec". Null when nothing is scheduled ahead.
 */
export function nextReviewText(nextDueAt: number | null, now: number, timeZone?: string): string | null {
  if (nextDueAt === null) return null;
  const minutes = Math.max(1, Math.round((nextDueAt - now) / 60_000));
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const day = (ms: number) => new Date(ms).toLocaleDateString('en-CA', { timeZone });
  const time = new Date(nextDueAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone });
  if (day(nextDueAt) === day(now)) return `today at ${time}`;
  if (day(nextDueAt) === day(now + 86_400_000)) return `tomorrow at ${time}`;
  const date = new Date(nextDueAt).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone,
  });
  return `on ${date}`;
}
