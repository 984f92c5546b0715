import { describe, expect, it } from 'vitest';
import { addDays, currentStreak, dayKey, isTimeZone, lastDays, xpFor } from './learning-stats.js';

describe('learning stats', () => {
  it("keys an instant by the calendar day of the learner's time zone", () => {
    const lateEvening = Date.UTC(2026, 2, 1, 23, 30); // 23:30 UTC on 1 March
    expect(dayKey(lateEvening, 'UTC')).toBe('2026-03-01');
    expect(dayKey(lateEvening, 'Europe/Madrid')).toBe('2026-03-02');
    expect(dayKey(lateEvening, 'America/Sao_Paulo')).toBe('2026-03-01');
  });

  it('validates time zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('counts days across month and year ends', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(lastDays('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('counts a streak ending today or yesterday, and breaks it on a missed day', () => {
    const days = new Set(['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-05']);
    expect(currentStreak(days, '2026-05-05')).toBe(1);
    expect(currentStreak(days, '2026-05-04')).toBe(3);
    expect(currentStreak(days, '2026-05-07')).toBe(0);
    expect(currentStreak(new Set(), '2026-05-07')).toBe(0);
  });

  it('rewards every answer, correct ones most', () => {
    expect(xpFor('correct')).toBeGreaterThan(xpFor('almost'));
    expect(xpFor('almost')).toBeGreaterThan(xpFor('wrong'));
    expect(xpFor('wrong')).toBeGreaterThan(0);
  });
});
