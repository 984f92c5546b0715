import { describe, expect, it } from 'vitest';
import { Rating, State, isDue, isLearned, newCardState, ratingForVerdict, reviewCard } from './scheduler.js';
import type { CardState, Verdict } from './scheduler.js';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
const MINUTE = 60_000;
const DAY = 86_400_000;

/** Cards as the step scheduler (ts-fsrs short-term learning steps, before decision 0005's update) saved them. */
const LEGACY_LEARNING: CardState = {
  due: T0 + MINUTE,
  stability: 0.212,
  difficulty: 6.4133,
  elapsed_days: 0,
  scheduled_days: 0,
  learning_steps: 0,
  reps: 1,
  lapses: 0,
  state: State.Learning,
  last_review: T0,
  last_rating: Rating.Again,
};
const LEGACY_RELEARNING: CardState = {
  due: T0 + 10 * MINUTE,
  stability: 0.60770166,
  difficulty: 7.39223814,
  elapsed_days: 2,
  scheduled_days: 0,
  learning_steps: 0,
  reps: 3,
  lapses: 1,
  state: State.Relearning,
  last_review: T0,
  last_rating: Rating.Again,
};

/** Replays answers, each `gapMs` after the previous one. */
function replay(verdicts: Verdict[], gapMs = DAY, options?: { desiredRetention: number }): CardState {
  let card = newCardState(T0);
  let now = T0;
  for (const verdict of verdicts) {
    now += gapMs;
    card = reviewCard(card, verdict, { nowMs: now, ...options }).card;
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
  it('schedules a first Good answer days ahead, in Review, and logs the previous state', () => {
    const now = T0 + 1000;
    const { card, log } = reviewCard(newCardState(T0), 'correct', { nowMs: now });
    expect(card.state).toBe(State.Review);
    expect(card.learning_steps).toBe(0);
    expect(card.reps).toBe(1);
    expect(card.last_review).toBe(now);
    expect(card.last_rating).toBe(Rating.Good);
    expect(card.scheduled_days).toBeGreaterThanOrEqual(2);
    expect(card.due).toBe(now + card.scheduled_days * DAY);
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

  it(
    'brings a word missed at first sight back the next day, ' +
      'not in minutes: the quiz retries it within the session',
    () => {
      const now = T0 + 1000;
      const { card } = reviewCard(newCardState(T0), 'wrong', { nowMs: now });
      expect(card.due).toBe(now + DAY);
      expect(card.scheduled_days).toBe(1);
      expect(card.state).toBe(State.Review);
      expect(card.lapses).toBe(0);
      expect(card.last_rating).toBe(Rating.Again);
    },
  );

  it(
    'brings a wrong answer back sooner than a hard one, ' + 'and a hard one sooner than a good one, each in whole days',
    () => {
      const now = T0 + 1000;
      const again = reviewCard(newCardState(T0), 'wrong', { nowMs: now }).card;
      const hard = reviewCard(newCardState(T0), 'almost', { nowMs: now }).card;
      const good = reviewCard(newCardState(T0), 'correct', { nowMs: now }).card;
      expect(again.due).toBeLessThan(hard.due);
      expect(hard.due).toBeLessThan(good.due);
      for (const card of [again, hard, good]) {
        expect(card.scheduled_days).toBeGreaterThanOrEqual(1);
        expect(card.due).toBe(now + card.scheduled_days * DAY);
      }
    },
  );

  it('lengthens the interval with each right answer given on its due day', () => {
    let card = reviewCard(newCardState(T0), 'correct', { nowMs: T0 }).card;
    const intervals = [card.scheduled_days];
    for (let i = 0; i < 3; i++) {
      card = reviewCard(card, 'correct', { nowMs: card.due }).card;
      intervals.push(card.scheduled_days);
    }
    expect(intervals[0]).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < intervals.length; i++) expect(intervals[i]).toBeGreaterThan(intervals[i - 1] ?? Infinity);
  });

  it('counts a lapse when a Review card is answered wrong, and brings it back within days', () => {
    const before = replay(['correct', 'correct', 'correct']);
    const now = T0 + 4 * DAY;
    const card = reviewCard(before, 'wrong', { nowMs: now }).card;
    expect(card.state).toBe(State.Review);
    expect(card.lapses).toBe(1);
    expect(card.last_rating).toBe(Rating.Again);
    expect(card.scheduled_days).toBeGreaterThanOrEqual(1);
    expect(card.scheduled_days).toBeLessThan(before.scheduled_days);
  });

  it(
    'reviews a card left in the learning or relearning steps ' +
      'by the step scheduler from the days since its last review',
    () => {
      for (const legacy of [LEGACY_LEARNING, LEGACY_RELEARNING]) {
        const now = T0 + DAY;
        const right = reviewCard(legacy, 'correct', { nowMs: now });
        expect(right.log.state).toBe(legacy.state);
        expect(right.log.elapsedDays).toBe(1);
        expect(right.card.state).toBe(State.Review);
        expect(right.card.reps).toBe(legacy.reps + 1);
        expect(right.card.stability).toBeGreaterThan(legacy.stability);
        expect(right.card.scheduled_days).toBeGreaterThanOrEqual(1);
        expect(right.card.due).toBe(now + right.card.scheduled_days * DAY);
        expect(isLearned(right.card)).toBe(true);
        const wrong = reviewCard(legacy, 'wrong', { nowMs: now }).card;
        expect(wrong.due).toBe(now + DAY);
        expect(isLearned(wrong)).toBe(false);
      }
    },
  );

  it('is deterministic: the same answers at the same times give the same card', () => {
    const answers: Verdict[] = ['correct', 'almost', 'wrong', 'correct', 'correct'];
    expect(replay(answers)).toEqual(replay(answers));
  });

  it('does not mutate the card it is given', () => {
    const card = newCardState(T0);
    const copy = { ...card };
    reviewCard(card, 'correct', { nowMs: T0 + 1000 });
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
      expect(() => reviewCard(newCardState(T0), 'correct', { nowMs: T0, desiredRetention })).toThrow(RangeError);
    }
  });
});

describe('isDue', () => {
  it('is false for a card never reviewed: it is to learn, not to review', () => {
    expect(isDue(newCardState(T0), T0 + DAY)).toBe(false);
  });

  it('is true from the due time on', () => {
    const { card } = reviewCard(newCardState(T0), 'correct', { nowMs: T0 });
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

  it('is false after a wrong answer although the card is in Review: the last rating decides', () => {
    const card = replay(['wrong']);
    expect(card.state).toBe(State.Review);
    expect(isLearned(card)).toBe(false);
  });

  it('trusts the Review state when the last rating is unknown (imported progress)', () => {
    const card = { ...replay(['correct', 'correct']), last_rating: 0 };
    expect(card.state).toBe(State.Review);
    expect(isLearned(card)).toBe(true);
    expect(isLearned({ ...LEGACY_LEARNING, last_rating: 0 })).toBe(false);
    expect(isLearned({ ...LEGACY_RELEARNING, last_rating: 0 })).toBe(false);
  });
});
