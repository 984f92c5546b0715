/**
 * A learner's memory model: the FSRS parameters fitted to their own review log, and what follows from them. Pure
 * functions, no I/O and no clock: the server's fitter feeds them the log and stores what they return.
 *
 * - `trainingItems` turns a review log into the optimizer's items (one per review, the card's history up to it),
 *   refusing what would make the native optimizer abort.
 * - `replayCard` recomputes a card's memory state from its history under other parameters.
 * - `calibration` compares the recall a model predicted with the recall the learner showed.
 * - `reviewsPerDay` and `recommendedRetention` say what a desired retention costs this learner.
 */
import { Rating, State, createEmptyCard, default_w, forgetting_curve, fsrs, generatorParameters } from 'ts-fsrs';
import type { Grade } from 'ts-fsrs';
import { type CardState, DEFAULT_DESIRED_RETENTION, fsrsScheduler, toCardState } from './scheduler.js';

export const DAY_MS = 86_400_000;

/** FSRS-6 has 21 parameters, the last being the forgetting curve's decay. */
export const PARAMETER_COUNT = 21;
export const DEFAULT_PARAMETERS: readonly number[] = Object.freeze([...default_w]);

/** One logged answer of a card, as the fitter reads it from the review log. */
export interface LoggedReview {
  /** 1 Again … 4 Easy. */
  rating: number;
  /** Epoch milliseconds. */
  at: number;
  /** 1 when the answer rescheduled the card; 0 for practice (a retry within a quiz). */
  scheduled: number;
  /** The card's FSRS state before the answer (0 New): a first logged answer to a card not New had no logged start. */
  state: number;
  /** Days since the card's previous review, as the scheduler saw it. */
  elapsedDays: number;
}

/** A review as the optimizer reads it: the rating and the whole days since the card's previous review. */
export interface ItemReview {
  rating: number;
  deltaT: number;
}

/** Whole days between two times: calendar days in UTC, the unit the optimizer counts in (a same-day review is 0). */
export const daysBetween = (from: number, to: number): number => Math.floor(to / DAY_MS) - Math.floor(from / DAY_MS);

const isGrade = (rating: number): rating is Grade => Number.isInteger(rating) && rating >= 1 && rating <= 4;

/**
 * A card's history as the model sees it: its answers in time order. A card whose first logged answer found it
 * already learnt (a placement test's card, progress kept from before the log) starts with an Easy at the time its
 * previous review must have been, so that its first answer counts as the recall it was, not as a first sight.
 */
export function cardHistory(reviews: readonly LoggedReview[]): ItemReview[] & { startsAt?: number } {
  const sorted = reviews.filter((r) => isGrade(r.rating) && Number.isFinite(r.at)).sort((a, b) => a.at - b.at);
  const first = sorted[0];
  if (!first) return [];
  const history: Array<{ rating: number; at: number }> = sorted.map((r) => ({ rating: r.rating, at: r.at }));
  if (first.state !== State.New && first.elapsedDays > 0)
    history.unshift({ rating: Rating.Easy, at: first.at - first.elapsedDays * DAY_MS });
  return history.map((r, i) => ({
    rating: r.rating,
    deltaT: i === 0 ? 0 : daysBetween(history[i - 1]?.at ?? r.at, r.at),
  }));
}

/**
 * The optimizer's items from cards' histories: one item per review after a card's first, holding the history up
 * to it. Only items with at least one interval of a day or more are kept: the optimizer cannot learn from same-day
 * reviews alone, and its native code aborts the process on such an item. Cards reviewed absurdly often keep only
 * their last `maxPerCard` reviews. An item repeats its card's history, so a long log costs the square of its cards'
 * lengths in memory: past `maxReviews` reviews in all items, each card keeps items only for its first two long-term
 * reviews (from which the optimizer learns the first stabilities) and its latest ones (the same number for every card,
 * as many as fit), so a decade of study fits in a fit process's memory.
 */
export function trainingItems(
  histories: Iterable<readonly ItemReview[]>,
  { maxPerCard = 64, maxReviews = 1_500_000 } = {},
): ItemReview[][] {
  const valid: ItemReview[][] = [];
  for (const full of histories) {
    const history = full.length > maxPerCard ? rebase(full.slice(full.length - maxPerCard)) : full;
    if (validHistory(history)) valid.push([...history]);
  }
  // The reviews each card's items end at, when each card keeps its first two long-term items and its `latest` last.
  const kept = (history: readonly ItemReview[], latest: number): number[] => {
    const first = history.findIndex((r, i) => i > 0 && r.deltaT > 0);
    if (first < 0) return [];
    const ends: number[] = [];
    for (let k = first; k < history.length; k++) if (k < first + 2 || k >= history.length - latest) ends.push(k);
    return ends;
  };
  const cost = (latest: number) => valid.reduce((sum, h) => sum + kept(h, latest).reduce((n, k) => n + k + 1, 0), 0);
  let latest = maxPerCard;
  while (latest > 1 && cost(latest) > maxReviews) latest = Math.floor(latest * 0.8);
  const items: ItemReview[][] = [];
  for (const history of valid) for (const k of kept(history, latest)) items.push(history.slice(0, k + 1));
  return items;
}

/** A history cut at its start begins again from a first review (delta 0). */
const rebase = (history: readonly ItemReview[]): ItemReview[] =>
  history.map((r, i) => (i === 0 ? { rating: r.rating, deltaT: 0 } : r));

function validHistory(history: readonly ItemReview[]): boolean {
  return (
    history.length >= 2 &&
    history[0]?.deltaT === 0 &&
    history.every((r) => isGrade(r.rating) && Number.isInteger(r.deltaT) && r.deltaT >= 0 && r.deltaT < 36_500)
  );
}

/** Parameters the scheduler can use: 21 finite numbers that ts-fsrs accepts, or null. */
export function validParameters(parameters: unknown): readonly number[] | null {
  if (!Array.isArray(parameters) || parameters.length !== PARAMETER_COUNT) return null;
  if (!parameters.every((p) => typeof p === 'number' && Number.isFinite(p))) return null;
  // The decay must keep the forgetting curve falling; the first four are initial stabilities (days), positive.
  const decay = parameters[20] as number;
  if (decay < 0.1 || decay > 0.8 || parameters.slice(0, 4).some((s: number) => s <= 0)) return null;
  return parameters as number[];
}

/** Probability of recall after `days` for a memory of stability `stability` under `parameters`. */
export const recallProbability = (parameters: readonly number[], days: number, stability: number): number =>
  forgetting_curve(parameters as number[], Math.max(0, days), Math.max(stability, 0.001));

/**
 * A card's state after replaying its scheduled answers (time, rating) under `parameters`, as the server would have
 * scheduled them: the memory state a parameter change gives a card.
 */
export function replayCard(
  answers: ReadonlyArray<{ rating: number; at: number }>,
  parameters: readonly number[],
  desiredRetention: number,
): CardState | null {
  const sorted = answers
    .filter((a) => isGrade(a.rating))
    .slice()
    .sort((a, b) => a.at - b.at);
  const first = sorted[0];
  if (!first) return null;
  const scheduler = fsrsScheduler(desiredRetention, parameters);
  let card = createEmptyCard(new Date(first.at));
  let rating = 0;
  for (const a of sorted) {
    card = scheduler.next(card, new Date(a.at), a.rating as Grade).card;
    rating = a.rating;
  }
  return toCardState(card, rating);
}

/** Predicted recall against the recall shown, for reviews whose prediction fell in [from, to). */
export interface CalibrationBucket {
  from: number;
  to: number;
  reviews: number;
  /** Mean predicted probability of recall. */
  predicted: number;
  /** Share of these reviews answered right (anything but Again). */
  actual: number;
}

const BUCKET_EDGES = [0, 0.5, 0.7, 0.8, 0.85, 0.9, 0.95, 1.0001];

/**
 * How well `parameters` predict this learner: every answer given a day or more after the card's previous one is
 * predicted from the card's memory state just before it (the history replayed under `parameters`), and compared
 * with whether it was right. Also the log loss over those answers (lower is better).
 */
export function calibration(
  histories: Iterable<readonly ItemReview[]>,
  parameters: readonly number[],
): { buckets: CalibrationBucket[]; logLoss: number; reviews: number } {
  const sums = BUCKET_EDGES.slice(1).map(() => ({ n: 0, p: 0, y: 0 }));
  let loss = 0;
  let count = 0;
  // Same-day reviews move the memory as the optimizer modelled them (its short-term terms).
  const scheduler = fsrs(generatorParameters({ w: [...parameters], enable_short_term: true, enable_fuzz: false }));
  for (const history of histories) {
    let memory: { stability: number; difficulty: number } | null = null;
    for (const review of history) {
      if (!isGrade(review.rating)) break;
      if (memory && review.deltaT > 0) {
        const p = Math.min(Math.max(recallProbability(parameters, review.deltaT, memory.stability), 1e-4), 1 - 1e-4);
        const y = review.rating > Rating.Again ? 1 : 0;
        const bucket = sums[BUCKET_EDGES.findIndex((edge, i) => p >= edge && p < (BUCKET_EDGES[i + 1] ?? 2))];
        if (bucket) {
          bucket.n++;
          bucket.p += p;
          bucket.y += y;
        }
        loss -= y * Math.log(p) + (1 - y) * Math.log(1 - p);
        count++;
      }
      memory = scheduler.next_state(memory, review.deltaT, review.rating);
    }
  }
  const buckets = sums
    .map((s, i) => ({
      from: BUCKET_EDGES[i] ?? 0,
      to: Math.min(1, BUCKET_EDGES[i + 1] ?? 1),
      reviews: s.n,
      predicted: s.n ? s.p / s.n : 0,
      actual: s.n ? s.y / s.n : 0,
    }))
    .filter((b) => b.reviews > 0);
  return { buckets, logLoss: count ? loss / count : 0, reviews: count };
}

/** How far the retention asked of FSRS may move from the learner's own, either way. */
export const MAX_RETENTION_CORRECTION = { down: 0.05, up: 0.07 } as const;

/**
 * How many points a model's predictions run above the recall the learner actually showed, where schedules operate
 * (predicted 70% and up), over at least `minReviews` reviews; 0 with fewer. A model that overrates the learner
 * (positive) would have them recall less than they asked for: the app then asks FSRS for that much more, so that
 * the recall the learner gets is the one they chose. Bounded, since it is read from the same reviews it corrects.
 */
export function retentionCorrection(buckets: readonly CalibrationBucket[], minReviews = 200): number {
  const near = buckets.filter((b) => b.from >= 0.7);
  const n = near.reduce((sum, b) => sum + b.reviews, 0);
  if (n < minReviews) return 0;
  const bias = near.reduce((sum, b) => sum + b.reviews * (b.predicted - b.actual), 0) / n;
  return Math.min(MAX_RETENTION_CORRECTION.up, Math.max(-MAX_RETENTION_CORRECTION.down, bias));
}

/**
 * The retention asked of FSRS: the learner's, moved by their model's correction, within what FSRS schedules sensibly.
 */
export const effectiveRetention = (desired: number, correction: number): number =>
  Math.min(0.97, Math.max(0.7, desired + correction));

/**
 * About how many reviews a day the learner's cards ask for at `desiredRetention`: each card comes back once per
 * interval, the interval its stability gives at that retention. Cards are given as their stabilities (days).
 */
export function reviewsPerDay(
  stabilities: readonly number[],
  parameters: readonly number[],
  desiredRetention: number,
): number {
  const scheduler = fsrsScheduler(desiredRetention, parameters);
  let total = 0;
  for (const s of stabilities) total += 1 / Math.max(1, scheduler.next_interval(Math.max(s, 0.001), 0));
  return total;
}

/** A small deterministic generator, so that the same parameters always recommend the same retention. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The retentions the settings offer. */
export const RETENTION_CHOICES = [0.8, 0.85, 0.9, 0.95, 0.97] as const;

/**
 * Simulated cost of a retention for a learner with `parameters`: words are studied one a day for `days` days and
 * reviewed whenever due, each answer right with the probability the model gives. Returns reviews per word that is
 * known at the end (expected recall summed over words), the figure a learner wants small.
 */
export function workPerKnownWord(
  parameters: readonly number[],
  desiredRetention: number,
  { days = 365, seed = 7 } = {},
): number {
  const scheduler = fsrsScheduler(desiredRetention, parameters);
  const random = seeded(seed);
  let reviews = 0;
  let known = 0;
  for (let start = 0; start < days; start++) {
    let memory = scheduler.next_state(null, 0, random() < 0.5 ? Rating.Good : Rating.Again);
    reviews++;
    let day = start;
    for (;;) {
      const interval = Math.max(1, scheduler.next_interval(memory.stability, 0));
      if (day + interval > days) break;
      day += interval;
      const right = random() < recallProbability(parameters, interval, memory.stability);
      memory = scheduler.next_state(memory, interval, right ? Rating.Good : Rating.Again);
      reviews++;
    }
    known += recallProbability(parameters, days - day, memory.stability);
  }
  return known > 0 ? reviews / known : Infinity;
}

/** The retention among `choices` that costs this learner the fewest reviews per word known. */
export function recommendedRetention(
  parameters: readonly number[],
  choices: readonly number[] = RETENTION_CHOICES,
): number {
  let best = choices[0] ?? DEFAULT_DESIRED_RETENTION;
  let bestCost = Infinity;
  for (const r of choices) {
    const cost = workPerKnownWord(parameters, r);
    if (cost < bestCost - 1e-9) {
      best = r;
      bestCost = cost;
    }
  }
  return best;
}
