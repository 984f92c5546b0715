const formatters = new Map<string, Intl.DateTimeFormat>();

/** An instant as a learner's clock shows it: their calendar day, hour (0–23) and ISO weekday (1 Monday … 7 Sunday). */
export interface LocalTime {
  date: string;
  hour: number;
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/**
 * Daylight-saving changes are the runtime's (Intl's time-zone data), so the hour is the one the learner's clock shows.
 */
export function localTime(ms: number, timeZone: string): LocalTime {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(ms).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour) % 24,
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0,
  };
}

/**
 * The UTC hour in which a learner's clock in `timeZone` shows `hour`, as the zone's offset stands at `now` (to the
 * hour below, for zones half an hour off): what a reminder pass selects learners by. A daylight-saving change moves it
 * by an hour, which the passes around the reminder's hour tolerate and then correct.
 */
export function reminderUtcHour(hour: number, timeZone: string, now: number): number {
  const offset = (localTime(now, timeZone).hour - new Date(now).getUTCHours() + 24) % 24;
  return (hour - offset + 24) % 24;
}
