/**
 * The placement test (docs/decisions/0012-placement-test.md): how many of a deck's most common words a learner
 * knows, from a few dozen words asked at adaptively chosen frequency ranks.
 *
 * It is a bisection on rank with soft decisions. Candidate levels (the rank up to which the learner knows the
 * words) lie on a logarithmic grid over the deck; each answer weighs every candidate by how likely that answer
 * is at that level, and the next words are asked at the median of the weights. A hard bisection would throw away
 * half the deck on one unlucky step (a forgotten "de", a lucky guess); here a slip only shifts the weights, and
 * later answers correct it. Pure: the server picks the words and judges the answers, the browser only shows them.
 */

/** One judged answer: the word's frequency rank (1 = most common) and whether the learner knew it. */
export interface PlacementAnswer {
  rank: number;
  known: boolean;
}

export interface PlacementEstimate {
  /** The learner knows about this many of the most common words (the median of the candidates' weights). */
  level: number;
  /** The 10th and 90th percentiles: the level lies between them with 80 % certainty. */
  low: number;
  high: number;
}

export type PlacementStep =
  | {
      done: false;
      /** The rank to ask the next words around. */
      target: number;
      count: number;
      /**
       * How many words the test will likely ask in all, for a progress bar: the words asked, this step's, and no
       * fewer than the minimum. An estimate that grows by a step at a time while the answers leave the level open.
       */
      expected: number;
    }
  | { done: true; estimate: PlacementEstimate };

/** Words asked per step: enough that one slip does not steer the next step, few enough to adapt often. */
export const PLACEMENT_WORDS_PER_STEP = 4;
/** At ~5 s a word, 36 words take about 3 minutes; a clear result ends the test sooner, but not before 16 words. */
export const PLACEMENT_MAX_PROMPTS = 36;
export const PLACEMENT_MIN_PROMPTS = 16;
/** The test ends once the 80 % interval spans no more than this factor of ranks (e.g. 240–360). */
const STOP_RATIO = 1.5;

// The answer model: the chance of typing a word right falls from (1 - SLIP) well below the level to GUESS well above
// it, over a band of about WIDTH in log-rank on each side. Typed answers are seldom guessed; known words are
// sometimes blanked on.
const GUESS = 0.03;
const SLIP = 0.1;
const WIDTH = 0.35;
/** The lowest non-zero level on the grid; 0 (knows none of the words) is a candidate too. */
const MIN_LEVEL = 5;
const GRID_POINTS = 120;
/** Ranks within this factor either side of a step's target: its words differ, yet all tell about the same level. */
const STEP_SPREAD = 1.15;

/** Candidate levels for a deck of `deckSize` words: 0, then MIN_LEVEL … deckSize evenly on a log scale. */
function levelGrid(deckSize: number): number[] {
  if (deckSize <= MIN_LEVEL) return Array.from({ length: deckSize + 1 }, (_, i) => i);
  const lo = Math.log(MIN_LEVEL);
  const span = Math.log(deckSize) - lo;
  return [0, ...Array.from({ length: GRID_POINTS }, (_, i) => Math.exp(lo + (span * i) / (GRID_POINTS - 1)))];
}

/** The chance that a learner whose level is `level` knows the word of rank `rank`. */
export function knownChance(rank: number, level: number): number {
  if (level <= 0) return GUESS;
  const x = (Math.log(level) - Math.log(Math.max(rank, 1))) / WIDTH;
  return GUESS + (1 - GUESS - SLIP) / (1 + Math.exp(-x));
}

/** Each candidate level's weight after the answers (normalised; a uniform prior over the log grid). */
function weights(answers: readonly PlacementAnswer[], grid: readonly number[]): number[] {
  const logs = grid.map((level) =>
    answers.reduce((sum, a) => {
      const p = knownChance(a.rank, level);
      return sum + Math.log(a.known ? p : 1 - p);
    }, 0),
  );
  const top = Math.max(...logs);
  const raw = logs.map((l) => Math.exp(l - top));
  const total = raw.reduce((a, b) => a + b, 0);
  return raw.map((w) => w / total);
}

function percentile(grid: readonly number[], w: readonly number[], q: number): number {
  let acc = 0;
  for (let i = 0; i < grid.length; i++) {
    acc += w[i] ?? 0;
    if (acc >= q) return grid[i] ?? 0;
  }
  return grid.at(-1) ?? 0;
}

/** The learner's level from their answers so far, in whole ranks within the deck. */
export function estimateLevel(answers: readonly PlacementAnswer[], deckSize: number): PlacementEstimate {
  if (deckSize <= 0) return { level: 0, low: 0, high: 0 };
  const grid = levelGrid(deckSize);
  const w = weights(answers, grid);
  const at = (q: number) => Math.min(deckSize, Math.round(percentile(grid, w, q)));
  return { level: at(0.5), low: at(0.1), high: at(0.9) };
}

/** Whether the test has asked enough, and if not, at which rank to ask the next words. */
export function nextPlacementStep(answers: readonly PlacementAnswer[], deckSize: number): PlacementStep {
  const estimate = estimateLevel(answers, deckSize);
  const remaining = Math.min(PLACEMENT_MAX_PROMPTS, deckSize) - answers.length;
  // Ranks below MIN_LEVEL are one band: a learner who knows 0 or 3 words starts at the first word either way.
  const narrow = (estimate.high + MIN_LEVEL) / (estimate.low + MIN_LEVEL) <= STOP_RATIO;
  if (remaining <= 0 || (answers.length >= PLACEMENT_MIN_PROMPTS && narrow)) return { done: true, estimate };
  const count = Math.min(PLACEMENT_WORDS_PER_STEP, remaining);
  const expected = Math.min(answers.length + remaining, Math.max(PLACEMENT_MIN_PROMPTS, answers.length + count));
  return { done: false, target: Math.max(1, estimate.level), count, expected };
}

/**
 * The words of the next step: `count` words not asked yet, with ranks spread around `target` (within STEP_SPREAD
 * either side), each the word nearest its spot. `deck` is sorted by rank.
 */
export function pickPlacementWords<W extends { id: number; rank: number }>(
  deck: readonly W[],
  { target, count, asked }: { target: number; count: number; asked: ReadonlySet<number> },
): W[] {
  const picked: W[] = [];
  const taken = new Set(asked);
  for (let i = 0; i < count; i++) {
    const spot = count === 1 ? target : target * STEP_SPREAD ** ((2 * i) / (count - 1) - 1);
    const word = nearestFree(deck, spot, taken);
    if (!word) break;
    taken.add(word.id);
    picked.push(word);
  }
  return picked;
}

function nearestFree<W extends { id: number; rank: number }>(
  deck: readonly W[],
  rank: number,
  taken: ReadonlySet<number>,
): W | undefined {
  // The first word ranked at or after `rank`, then outwards both ways to the nearest one not taken.
  let lo = 0;
  let hi = deck.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((deck[mid]?.rank ?? 0) < rank) lo = mid + 1;
    else hi = mid;
  }
  for (let down = lo - 1, up = lo; down >= 0 || up < deck.length; down--, up++) {
    const below = deck[down];
    const above = deck[up];
    const candidates = [above, below].filter((w): w is W => w !== undefined && !taken.has(w.id));
    if (candidates.length > 0) return candidates.sort((a, b) => Math.abs(a.rank - rank) - Math.abs(b.rank - rank))[0];
  }
  return undefined;
}

/**
 * Which deck words a result marks as known: those ranked up to the level, except the ones the learner missed in
 * the test, and any answered right above it. `answered` maps a word id to whether the learner knew it.
 */
export function placementKnownWords<W extends { id: number; rank: number }>(
  deck: readonly W[],
  level: number,
  answered: ReadonlyMap<number, boolean>,
): W[] {
  return deck.filter((w) => answered.get(w.id) ?? w.rank <= level);
}

/** Days until a placed word's first review: the commonest words wait longest, those near the level a week. */
export const PLACED_MIN_DAYS = 7;
export const PLACED_MAX_DAYS = 120;

export function placedIntervalDays(rank: number, level: number): number {
  if (level <= 0 || rank >= level) return PLACED_MIN_DAYS;
  return Math.round(PLACED_MIN_DAYS + (PLACED_MAX_DAYS - PLACED_MIN_DAYS) * (1 - rank / level));
}
