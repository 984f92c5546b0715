import { describe, expect, it } from 'vitest';
import { nextReviewText } from './next-review';

const NOON = Date.UTC(2026, 10, 23, 12, 0);
const MIN = 60_000;

describe('nextReviewText', () => {
  it('says nothing when no review is scheduled', () => {
    expect(nextReviewText(null, NOON, 'UTC')).toBeNull();
  });

  it('counts minutes within the hour, never "in 0 minutes"', () => {
    expect(nextReviewText(NOON + 5 * MIN, NOON, 'UTC')).toBe('in 5 minutes');
    expect(nextReviewText(NOON + 10_000, NOON, 'UTC')).toBe('in 1 minute');
  });

  it("gives the time today or tomorrow, and the date further ahead, in the learner's time zone", () => {
    expect(nextReviewText(NOON + 125 * MIN, NOON, 'UTC')).toBe('today at 14:05');
    expect(nextReviewText(NOON + 21 * 60 * MIN, NOON, 'UTC')).toBe('tomorrow at 09:00');
    expect(nextReviewText(NOON + 11 * 60 * MIN, NOON, 'Europe/Madrid')).toBe('tomorrow at 00:00');
    expect(nextReviewText(NOON + 8 * 24 * 60 * MIN, NOON, 'UTC')).toBe('on Tue 1 Dec');
  });
});
