/**
 * Spaced repetition: a thin wrapper around ts-fsrs (PRODUCT.md §1). It converts between ts-fsrs's Date-based
 * cards and a plain, serialisable `CardState` (epoch milliseconds), maps our verdicts to ratings, and never reads
 * the clock: every function takes `nowMs`.
 *
 * Scheduling is long-term only (ts-fsrs `enable_short_term: false`): every answer schedules whole days from the
 * memory model, with no minute-long learning steps. The quiz already brings a missed word back within the session
 * (as practice), so steps would only turn into extra daily reviews for a learner who practises once a day
 * (docs/decisions/0005-scheduling.md). Cards saved in the Learning or Relearning state by the step scheduler are
 * reviewed like Review cards, from their stability and the days since their last review.
 */
import { Rating, State, createEmptyCard, fsrs, generatorParameters } from 'ts-fsrs';
import type { Card, FSRS, Grade } from 'ts-fsrs';
import type { Verdict } from './verdict.js';

export type { Verdict } from './verdict.js';
export { Rating, State };

/** A card as stored: numbers only, times in epoch milliseconds (the database's representation). */
export interface CardState {
  due: number;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  /** ts-fsrs `State`: 0 New, 1 Learning, 2 Review, 3 Relearning. */
  state: number;
  last_review: number | null;
  /**
   * Rating of the last review (ts-fsrs `Rating`, 1 Again … 4 Easy), 0 before the first one. ts-fsrs does not keep
   * it on the card, yet "learned" needs it: without learning steps every answer, Again included, leaves the card
   * in the Review state.
   */
  last_rating: number;
}

export interface ReviewLogEntry {
  rating: Rating;
  /** The card's state, due date, stability and difficulty *before* this review (as ts-fsrs logs them). */
  state: State;
  due: number;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  reviewedAt: number;
}

export interface ReviewOptions {
  /** When the card is reviewed (epoch milliseconds). */
  nowMs: number;
  /** Probability of recall FSRS aims for when it picks the next due date. */
  desiredRetention?: number;
  /** The learner's fitted FSRS-6 parameters (memory-model.ts); FSRS's defaults when absent. */
  parameters?: readonly number[] | null | undefined;
}

export const DEFAULT_DESIRED_RETENTION = 0.9;

/** A correct first try is Good, a forgiven accent or typo is Hard, a wrong answer is Again (PRODUCT.md §1). */
export function ratingForVerdict(verdict: Verdict): Grade {
  switch (verdict) {
    case 'correct':
      return Rating.Good;
    case 'almost':
      return Rating.Hard;
    case 'wrong':
      return Rating.Again;
  }
}

// One FSRS instance per (retention, parameters): building one derives its constants, and a server reviews many
// cards of few learners at a time. Bounded, oldest first out, since every fitted learner has parameters of their own.
const schedulers = new Map<string, FSRS>();
const MAX_SCHEDULERS = 2_000;

/** The ts-fsrs scheduler the app uses for a retention and a learner's parameters (FSRS's defaults without them). */
export function fsrsScheduler(desiredRetention: number, parameters?: readonly number[] | null): FSRS {
  if (!(desiredRetention > 0 && desiredRetention < 1)) {
    throw new RangeError(`desiredRetention must be between 0 and 1 (exclusive), got ${desiredRetention}`);
  }
  const key = parameters ? `${desiredRetention}|${parameters.join(',')}` : String(desiredRetention);
  let scheduler = schedulers.get(key);
  if (!scheduler) {
    // Fuzz stays off (the default) so that the same answers always give the same schedule. No short-term steps:
    // each answer moves the card to Review with a whole-day interval (see the top of this file).
    scheduler = fsrs(
      generatorParameters({
        request_retention: desiredRetention,
        enable_fuzz: false,
        enable_short_term: false,
        ...(parameters ? { w: [...parameters] } : {}),
      }),
    );
    if (schedulers.size >= MAX_SCHEDULERS) schedulers.delete(schedulers.keys().next().value as string);
    schedulers.set(key, scheduler);
  }
  return scheduler;
}

/** A ts-fsrs card as stored, with the rating of its last review (0 before the first). */
export function toCardState(card: Card, lastRating: number): CardState {
  return {
    due: card.due.getTime(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.last_review ? card.last_review.getTime() : null,
    last_rating: lastRating,
  };
}

function toCard(state: CardState): Card {
  const card: Card = {
    due: new Date(state.due),
    stability: state.stability,
    difficulty: state.difficulty,
    elapsed_days: state.elapsed_days,
    scheduled_days: state.scheduled_days,
    learning_steps: state.learning_steps,
    reps: state.reps,
    lapses: state.lapses,
    state: state.state as State,
  };
  if (state.last_review !== null) card.last_review = new Date(state.last_review);
  return card;
}

/** A card never reviewed, due at once. */
export function newCardState(nowMs: number): CardState {
  return toCardState(createEmptyCard(new Date(nowMs)), 0);
}

export function reviewCard(
  card: CardState,
  verdict: Verdict,
  { nowMs, desiredRetention = DEFAULT_DESIRED_RETENTION, parameters }: ReviewOptions,
): { card: CardState; log: ReviewLogEntry } {
  const rating = ratingForVerdict(verdict);
  const result = fsrsScheduler(desiredRetention, parameters).next(toCard(card), new Date(nowMs), rating);
  return {
    card: toCardState(result.card, rating),
    log: {
      rating: result.log.rating,
      state: result.log.state,
      due: result.log.due.getTime(),
      stability: result.log.stability,
      difficulty: result.log.difficulty,
      elapsedDays: result.log.elapsed_days,
      scheduledDays: result.log.scheduled_days,
      reviewedAt: result.log.review.getTime(),
    },
  };
}

/**
 * Up for review: reviewed at least once and its due time has passed. A New card is not "due": it has not been
 * learnt yet, so it belongs to a learning batch, not to the review screen.
 */
export function isDue(card: CardState, nowMs: number): boolean {
  return card.state !== State.New && card.due <= nowMs;
}

/**
 * "Learned" (the product's percent learned, and the old `answeredCorrectly`): the learner's latest review of the
 * card was not a failure. A lapse (Again) makes it unlearned until answered right again, so the figure reflects
 * what the learner knows now. The state alone cannot tell: Again leaves a card in Review. Only a card whose last
 * rating is unknown (imported progress, 0) is judged by its state, as the step scheduler left it: Review is learned.
 */
export function isLearned(card: CardState): boolean {
  if (card.last_rating === 0) return card.state === State.Review;
  return card.reps > 0 && card.last_rating !== Rating.Again;
}

const DAY_MS = 86_400_000;

/**
 * A card for a word the placement test found known (placement.ts): as after a first answer rated Easy, but with a
 * stability of `days`, so that the first review comes when the learner would still recall it 9 times in 10 (FSRS's
 * forgetting curve gives R = 0.9 at t = S). No answer was given, so nothing goes to the review log.
 */
export function placedCardState(nowMs: number, days: number): CardState {
  const now = new Date(nowMs);
  const easy = toCardState(
    fsrsScheduler(DEFAULT_DESIRED_RETENTION).next(createEmptyCard(now), now, Rating.Easy).card,
    Rating.Easy,
  );
  return { ...easy, stability: days, scheduled_days: days, due: nowMs + days * DAY_MS };
}
