import { describe, expect, it } from 'vitest';
import { Rating, State, isDue, isLearned, newCardState, ratingForVerdict, reviewCard } from './scheduler.js';
import type { CardState, Verdict } from './scheduler.js';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
const MINUTE = 60_000;
const DAY = 86_400_000;

/** Replays answers, each `gapMs` after the previous one. */
function replay(verdicts: Verdict[], gapMs = DAY, options?: { desiredRetention: number }): CardState {
  let card = newCardState(T0);
  let now = T0;
  for (const verdict of verdicts) {
    now += gapMs;
    card = reviewCard(card, verdict, now, options).card;
  }
  return card;
}

describe('ratingForVerdict', () => {
  it('maps correct → Good, almost → Hard, wrong → Again', () => {
    expect(ratingForVerdict('correct')).toBe(Rating.Good);
    expect(ratingForVerdict('almost')).toBe(Rating.Hard);
    expect(ratingForVerdict('wrong')).toBe(Rating.Again);
  });
});

describe('newCardState', () => {
  it('is a plain, JSON-round-trippable new card due now', () => {
    const card = newCardState(T0);
    expect(card).toEqual({
      due: T0,
      stability: 0,
      difficulty: 0,
      elapsed_days: 0,
      scheduled_days: 0,
      learning_steps: 0,
      reps: 0,
      lapses: 0,
      state: State.New,
      last_review: null,
      last_rating: 0,
    });
    expect(JSON.parse(JSON.stringify(card))).toEqual(card);
  });
});

describe('reviewCard', () => {
  it('schedules a first Good answer into the learning steps and logs the previous state', () => {
    const now = T0 + 1000;
    const { card, log } = reviewCard(newCardState(T0), 'correct', now);
    expect(card.state).toBe(State.Learning);
    expect(card.reps).toBe(1);
    expect(card.last_review).toBe(now);
    expect(card.last_rating).toBe(Rating.Good);
    expect(card.due).toBeGreaterThan(now);
    expect(log).toEqual({
      rating: Rating.Good,
      state: State.New,
      due: T0,
      stability: 0,
      difficulty: 0,
      elapsedDays: 0,
      scheduledDays: 0,
      reviewedAt: now,
    });
  });

  it('brings a wrong answer back sooner than a hard one, and a hard one sooner than a good one', () => {
    const now = T0 + 1000;
    const again = reviewCard(newCardState(T0), 'wrong', now).card;
    const hard = reviewCard(newCardState(T0), 'almost', now).card;
    const good = reviewCard(newCardState(T0), 'correct', now).card;
    expect(again.due).toBeLessThan(hard.due);
    expect(hard.due).toBeLessThan(good.due);
  });

  it('graduates to Review after the learning steps, with days-long intervals', () => {
    const card = replay(['correct', 'correct'], 10 * MINUTE);
    expect(card.state).toBe(State.Review);
    expect(card.scheduled_days).toBeGreaterThanOrEqual(1);
  });

  it('counts a lapse when a Review card is answered wrong', () => {
    const card = replay(['correct', 'correct', 'correct', 'wrong']);
    expect(card.state).toBe(State.Relearning);
    expect(card.lapses).toBe(1);
    expect(card.last_rating).toBe(Rating.Again);
  });

  it('is deterministic: the same answers at the same times give the same card', () => {
    const answers: Verdict[] = ['correct', 'almost', 'wrong', 'correct', 'correct'];
    expect(replay(answers)).toEqual(replay(answers));
  });

  it('does not mutate the card it is given', () => {
    const card = newCardState(T0);
    const copy = { ...card };
    reviewCard(card, 'correct', T0 + 1000);
    expect(card).toEqual(copy);
  });

  it('spaces reviews further apart for a lower desired retention', () => {
    const answers: Verdict[] = ['correct', 'correct', 'correct'];
    const relaxed = replay(answers, DAY, { desiredRetention: 0.8 });
    const strict = replay(answers, DAY, { desiredRetention: 0.95 });
    const defaulted = replay(answers, DAY);
    expect(relaxed.scheduled_days).toBeGreaterThan(defaulted.scheduled_days);
    expect(defaulted.scheduled_days).toBeGreaterThan(strict.scheduled_days);
    // Alternating retentions must not leak between cached instances.
    expect(replay(answers, DAY, { desiredRetention: 0.9 })).toEqual(defaulted);
  });

  it('rejects a retention outside (0, 1)', () => {
    for (const desiredRetention of [0, 1, 1.5, -0.1, Number.NaN]) {
      expect(() => reviewCard(newCardState(T0), 'correct', T0, { desiredRetention })).toThrow(RangeError);
    }
  });
});

describe('isDue', () => {
  it('is false for a card never reviewed: it is to learn, not to review', () => {
    expect(isDue(newCardState(T0), T0 + DAY)).toBe(false);
  });

  it('is true from the due time on', () => {
    const { card } = reviewCard(newCardState(T0), 'correct', T0);
    expect(isDue(card, card.due - 1)).toBe(false);
    expect(isDue(card, card.due)).toBe(true);
    expect(isDue(card, card.due + DAY)).toBe(true);
  });
});

describe('isLearned', () => {
  it('is false before any answer', () => {
    expect(isLearned(newCardState(T0))).toBe(false);
  });

  it('is true after a correct or almost answer, false after a wrong one', () => {
    expect(isLearned(replay(['correct']))).toBe(true);
    expect(isLearned(replay(['almost']))).toBe(true);
    expect(isLearned(replay(['wrong']))).toBe(false);
  });

  it('follows the latest answer: a lapse unlearns, a correct answer relearns', () => {
    expect(isLearned(replay(['correct', 'correct']))).toBe(true);
    expect(isLearned(replay(['correct', 'correct', 'wrong']))).toBe(false);
    expect(isLearned(replay(['correct', 'correct', 'wrong', 'correct']))).toBe(true);
    expect(isLearned(replay(['wrong', 'correct']))).toBe(true);
  });

  it('trusts the Review state when the last rating is unknown (imported progress)', () => {
    const card = { ...replay(['correct', 'correct'], 10 * MINUTE), last_rating: 0 };
    expect(card.state).toBe(State.Review);
    expect(isLearned(card)).toBe(true);
    expect(isLearned({ ...replay(['correct']), last_rating: 0 })).toBe(false);
  });
});
