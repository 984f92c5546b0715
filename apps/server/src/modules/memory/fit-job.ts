import type { MemoryReport } from '@vocab/api';
import {
  DEFAULT_PARAMETERS,
  type ItemReview,
  type LoggedReview,
  RETENTION_CHOICES,
  calibration,
  cardHistory,
  effectiveRetention,
  retentionCorrection,
  recommendedRetention,
  replayCard,
  reviewsPerDay,
  trainingItems,
  validParameters,
} from '@vocab/core';
import type { Direction } from '@vocab/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CardUpdate } from '../cards/refit.js';
import { learnerReviews } from '../cards/review-log.js';

/**
 * One fit: a learner's review log in one language → their FSRS parameters, what the fit measured, and every card's
 * memory state recomputed under them. Runs in the fit process (fit-process.ts), never in the server's: building
 * the optimizer's items for a large log takes seconds, and the optimizer is native code that can abort.
 */

/** Below this many items the optimizer returns its defaults anyway: the learner keeps FSRS's defaults. */
export const MIN_ITEMS = 32;
/** The most recent reviews a fit reads; older ones add little and cost memory (a year of daily study is ~30,000). */
export const MAX_REVIEWS = 400_000;
const PAGE = 5_000;

export interface FitRequest {
  learnerId: string;
  language: string;
  desiredRetention: number;
  now: number;
}

export type FitOutcome =
  | { kind: 'too-few'; reviews: number; items: number }
  | {
      kind: 'fitted';
      reviews: number;
      parameters: number[];
      report: Omit<MemoryReport, 'cardsRescheduled'>;
      cards: CardUpdate[];
    };

/** The optimizer, as the fit needs it: items in, parameters out (the binding in production, anything in a test). */
export type Optimizer = (items: ItemReview[][]) => Promise<number[]>;

interface ReviewRow {
  id: number;
  word_id: number;
  direction: Direction;
  rating: number;
  reviewed_at: number;
  scheduled: number;
  state: number;
  elapsed_days: number;
}

/**
 * The learner's most recent reviews in the language, newest first, a page at a time (a million rows fit nowhere at
 * once).
 */
async function readLog(db: Kysely<Database>, learnerId: string, language: string): Promise<ReviewRow[]> {
  const rows: ReviewRow[] = [];
  let before: number | undefined;
  while (rows.length < MAX_REVIEWS) {
    const page = await learnerReviews(db, learnerId, language)
      .select([
        'r.id',
        'r.word_id',
        'r.direction',
        'r.rating',
        'r.reviewed_at',
        'r.scheduled',
        'r.state',
        'r.elapsed_days',
      ])
      .$if(before !== undefined, (q) => q.where('r.id', '<', before ?? 0))
      .orderBy('r.id', 'desc')
      .limit(Math.min(PAGE, MAX_REVIEWS - rows.length))
      .execute();
    rows.push(...page);
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    before = last.id;
  }
  return rows;
}

export async function fitLearner(db: Kysely<Database>, request: FitRequest, optimize: Optimizer): Promise<FitOutcome> {
  const rows = await readLog(db, request.learnerId, request.language);
  const byCard = new Map<string, { wordId: number; direction: Direction; reviews: LoggedReview[] }>();
  for (const r of rows) {
    const key = `${r.word_id}:${r.direction}`;
    let card = byCard.get(key);
    if (!card) byCard.set(key, (card = { wordId: r.word_id, direction: r.direction, reviews: [] }));
    card.reviews.push({
      rating: r.rating,
      at: r.reviewed_at,
      scheduled: r.scheduled,
      state: r.state,
      elapsedDays: r.elapsed_days,
    });
  }
  const cards = [...byCard.values()];
  const histories = cards.map((c) => cardHistory(c.reviews));
  const items = trainingItems(histories);
  if (items.length < MIN_ITEMS) return { kind: 'too-few', reviews: rows.length, items: items.length };

  const parameters = validParameters(await optimize(items));
  if (!parameters) throw new Error('the optimizer returned parameters the scheduler cannot use');

  const fitted = calibration(histories, parameters);
  const defaults = calibration(histories, DEFAULT_PARAMETERS);
  const correction = retentionCorrection(fitted.buckets);
  const scheduledAt = effectiveRetention(request.desiredRetention, correction);
  const updates: CardUpdate[] = [];
  const stabilities = { fitted: [] as number[], defaults: [] as number[] };
  for (const card of cards) {
    const scheduled = card.reviews.filter((r) => r.scheduled === 1);
    const first = scheduled.reduce<LoggedReview | undefined>((a, r) => (a && a.at <= r.at ? a : r), undefined);
    // A card whose first scheduled answer found it already learnt (placed, or progress from before the log) has no
    // replayable start: it keeps its state.
    if (!first || first.state !== 0) continue;
    const answers = scheduled.map((r) => ({ rating: r.rating, at: r.at }));
    const state = replayCard(answers, parameters, scheduledAt);
    const before = replayCard(answers, DEFAULT_PARAMETERS, request.desiredRetention);
    if (!state || !before || state.last_review === null) continue;
    updates.push({ wordId: card.wordId, direction: card.direction, lastReview: state.last_review, state });
    stabilities.fitted.push(state.stability);
    stabilities.defaults.push(before.stability);
  }
  const report: Omit<MemoryReport, 'cardsRescheduled'> = {
    reviews: rows.length,
    items: items.length,
    logLoss: { fitted: fitted.logLoss, defaults: defaults.logLoss },
    calibration: fitted.buckets,
    workload: RETENTION_CHOICES.map((retention) => ({
      retention,
      fitted: reviewsPerDay(stabilities.fitted, parameters, retention),
      defaults: reviewsPerDay(stabilities.defaults, DEFAULT_PARAMETERS, retention),
    })),
    recommendedRetention: recommendedRetention(parameters),
    retentionCorrection: correction,
  };
  return { kind: 'fitted', reviews: rows.length, parameters: [...parameters], report, cards: updates };
}
