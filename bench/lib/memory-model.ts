/**
 * The simulated learner of `npm run bench:learning`: a hidden memory per word that no scheduler sees. It is
 * deliberately not FSRS: forgetting is exponential with a half-life (FSRS fits a power curve), and the half-life
 * grows on each successful recall by a factor that is larger the harder the recall was (the spacing effect).
 * Every figure below is fixed before any run; docs/learning.md states them.
 */

import { type FSRS, Rating, default_w, forgetting_curve, fsrs, generatorParameters } from 'ts-fsrs';

export const DAY_MS = 86_400_000;

export interface ModelParameters {
  cognateShare: number;
  cognateFirstRecall: number;
  otherFirstRecall: number;
  firstHalfLife: number;
  firstRecalledHalfLife: number;
  growth: number;
  lapseKeep: number;
  easinessSpread: number;
}

export const MODEL: Readonly<ModelParameters> = {
  /** Share of words guessable at first sight (cognates such as "hospital", "animal"). */
  cognateShare: 0.3,
  /** Probability of getting a cognate right at first sight, and any other word (a lucky guess). */
  cognateFirstRecall: 0.7,
  otherFirstRecall: 0.03,
  /** Half-life (days) after the first sight: when missed (the answer is shown), and when got right. */
  firstHalfLife: 1,
  firstRecalledHalfLife: 3,
  /** A successful recall at probability p multiplies the half-life by 1 + growth × easiness × √(1 − p). */
  growth: 5,
  /** A miss keeps this share of the half-life, never less than a first sight's (the answer is shown again). */
  lapseKeep: 0.4,
  /** Per-word easiness is log-normal with this σ (median 1): it scales the half-lives and the growth. */
  easinessSpread: 0.4,
};

/** Deterministic pseudo-random numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed per (run seed, word), so each word draws from its own stream whatever order words are asked in. */
function wordSeed(seed: number, index: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

interface WordMemory {
  easiness: number;
  firstRecall: number;
  /** Days for the recall probability to halve; 0 before the first sight. */
  halfLife: number;
  lastSeenMs: number | null;
  random: () => number;
}

/** A simulated learner as the routine and the oracle see it: words by index, answers drawn from a hidden memory. */
export interface Learner {
  /** The probability that the learner recalls word `index` at `nowMs`. */
  recall(index: number, nowMs: number): number;
  /**
   * The learner is asked word `index` at `nowMs`: right or wrong, drawn from the recall probability; the answer is then
   * seen.
   */
  answer(index: number, nowMs: number): boolean;
  /** Words studied so far whose recall probability at `nowMs` is at least `threshold`. */
  known(nowMs: number, threshold: number): number;
  /** Words studied so far. */
  studied(): number[];
}

/**
 * One learner. Words are numbered in the order they are first studied (0, 1, 2, …): every schedule studies the
 * same number of new words a day, so word n is the same word, with the same easiness and the same random draws,
 * under every schedule.
 */
export class LearnerModel implements Learner {
  private readonly words = new Map<number, WordMemory>();

  constructor(
    private readonly seed: number,
    private readonly model: Readonly<ModelParameters> = MODEL,
  ) {}

  private memory(index: number): WordMemory {
    let word = this.words.get(index);
    if (!word) {
      const random = mulberry32(wordSeed(this.seed, index));
      // Box–Muller: a standard normal from two uniforms.
      const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
      const cognate = random() < this.model.cognateShare;
      word = {
        easiness: Math.exp(this.model.easinessSpread * normal),
        firstRecall: cognate ? this.model.cognateFirstRecall : this.model.otherFirstRecall,
        halfLife: 0,
        lastSeenMs: null,
        random,
      };
      this.words.set(index, word);
    }
    return word;
  }

  /** The probability that the learner recalls word `index` at `nowMs`. */
  recall(index: number, nowMs: number): number {
    const word = this.memory(index);
    if (word.lastSeenMs === null) return word.firstRecall;
    const days = Math.max(0, nowMs - word.lastSeenMs) / DAY_MS;
    return Math.pow(2, -days / word.halfLife);
  }

  /**
   * The learner is asked word `index` at `nowMs`: right or wrong, drawn from the recall probability; the answer is then
   * seen.
   */
  answer(index: number, nowMs: number): boolean {
    const word = this.memory(index);
    const p = this.recall(index, nowMs);
    const right = word.random() < p;
    if (word.lastSeenMs === null) {
      word.halfLife = (right ? this.model.firstRecalledHalfLife : this.model.firstHalfLife) * word.easiness;
    } else if (right) {
      word.halfLife *= 1 + this.model.growth * word.easiness * Math.sqrt(1 - p);
    } else {
      word.halfLife = Math.max(this.model.firstHalfLife * word.easiness, this.model.lapseKeep * word.halfLife);
    }
    word.lastSeenMs = nowMs;
    return right;
  }

  studied(): number[] {
    return [...this.words.keys()].filter((i) => this.words.get(i)?.lastSeenMs !== null);
  }

  /** Words studied so far whose recall probability at `nowMs` is at least `threshold`. */
  known(nowMs: number, threshold: number): number {
    let count = 0;
    for (const index of this.words.keys()) {
      if (this.words.get(index)?.lastSeenMs !== null && this.recall(index, nowMs) >= threshold) count++;
    }
    return count;
  }
}

/**
 * A learner whose memory follows FSRS-6 itself, with parameters of its own: the model FSRS's optimizer can fit
 * exactly. `speed` scales every stability the learner forms (below 1 forgets faster than FSRS's default learner,
 * above 1 slower); each word's own easiness (log-normal, σ `easinessSpread`) scales it further. Answers seconds
 * apart in a session follow FSRS's short-term terms; a day or more apart, its long-term ones.
 */
export class FsrsLearner implements Learner {
  private readonly words = new Map<
    number,
    {
      easiness: number;
      memory: { stability: number; difficulty: number } | null;
      lastSeenMs: number | null;
      random: () => number;
      firstRecall: number;
    }
  >();
  private readonly algorithm: FSRS;
  private readonly decayParameters: number[];

  constructor(
    private readonly seed: number,
    private readonly options: {
      speed: number;
      easinessSpread: number;
      cognateShare: number;
      cognateFirstRecall: number;
      otherFirstRecall: number;
    },
  ) {
    this.decayParameters = [...default_w];
    this.algorithm = fsrs(generatorParameters({ w: [...default_w], enable_short_term: true, enable_fuzz: false }));
  }

  private word(index: number) {
    let word = this.words.get(index);
    if (!word) {
      const random = mulberry32(wordSeed(this.seed, index));
      const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
      const cognate = random() < this.options.cognateShare;
      word = {
        easiness: Math.exp(this.options.easinessSpread * normal),
        memory: null,
        lastSeenMs: null,
        random,
        firstRecall: cognate ? this.options.cognateFirstRecall : this.options.otherFirstRecall,
      };
      this.words.set(index, word);
    }
    return word;
  }

  recall(index: number, nowMs: number): number {
    const word = this.word(index);
    if (!word.memory || word.lastSeenMs === null) return word.firstRecall;
    const days = Math.max(0, nowMs - word.lastSeenMs) / DAY_MS;
    return forgetting_curve(this.decayParameters, days, word.memory.stability);
  }

  answer(index: number, nowMs: number): boolean {
    const word = this.word(index);
    const p = this.recall(index, nowMs);
    const right = word.random() < p;
    const days = word.lastSeenMs === null ? 0 : Math.max(0, nowMs - word.lastSeenMs) / DAY_MS;
    // Within a session (under an hour apart) FSRS's short-term terms apply: t = 0.
    const t = days < 1 / 24 ? 0 : days;
    const grade = right ? Rating.Good : Rating.Again;
    const before = word.memory;
    const next = this.algorithm.next_state(before, t, grade, before ? p : undefined);
    // The learner's own speed scales what each answer adds to the memory (for a first sight, all of it).
    const base = before?.stability ?? 0;
    const scale = this.options.speed * (before ? 1 : word.easiness);
    word.memory = { difficulty: next.difficulty, stability: Math.max(0.01, base + (next.stability - base) * scale) };
    word.lastSeenMs = nowMs;
    return right;
  }

  studied(): number[] {
    return [...this.words.keys()].filter((i) => this.words.get(i)?.lastSeenMs !== null);
  }

  known(nowMs: number, threshold: number): number {
    return this.studied().filter((i) => this.recall(i, nowMs) >= threshold).length;
  }
}
