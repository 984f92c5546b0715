import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PLACEMENT_MAX_PROMPTS,
  PLACEMENT_WORDS_PER_STEP,
  type PlacementAnswer,
  type PlacementEstimate,
  estimateLevel,
  nextPlacementStep,
  pickPlacementWords,
  placedIntervalDays,
  placementKnownWords,
} from './placement.js';
import { State, isLearned, placedCardState } from './scheduler.js';

const DECK_SIZE = 1500;
const deckOf = (size: number) => Array.from({ length: size }, (_, i) => ({ id: 1000 + i, rank: i + 1 }));
const DECK = deckOf(DECK_SIZE);

/** A seeded random stream (a linear congruential generator): the same seed gives the same learner. */
function randomStream(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Runs a whole test against a simulated learner who knows each word of rank ≤ `level` except for a slip now and
 * then, and very rarely one above it. Returns the result and how many words were asked.
 */
function takeTest(
  level: number,
  seed: number,
  deck = DECK,
  slip = 0.08,
): { estimate: PlacementEstimate; prompts: number } {
  const random = randomStream(seed);
  const answers: PlacementAnswer[] = [];
  const asked = new Set<number>();
  for (;;) {
    const step = nextPlacementStep(answers, deck.length);
    if (step.done) return { estimate: step.estimate, prompts: answers.length };
    const words = pickPlacementWords(deck, { target: step.target, count: step.count, asked });
    expect(words.length).toBeGreaterThan(0);
    for (const w of words) {
      asked.add(w.id);
      answers.push({ rank: w.rank, known: random() < (w.rank <= level ? 1 - slip : slip / 4) });
    }
  }
}

describe('the placement test on a deck of 3,000 words', () => {
  const BIG = deckOf(3000);

  it('reaches the tail: learners who know 2,000 to 3,000 words are placed within a third', () => {
    for (const [level, seed] of [
      [2000, 1],
      [2500, 2],
      [2800, 3],
      [3000, 4],
    ] as const) {
      const { estimate, prompts } = takeTest(level, seed, BIG);
      expect(prompts).toBeLessThanOrEqual(PLACEMENT_MAX_PROMPTS);
      expect(estimate.level / level).toBeGreaterThan(0.67);
      expect(estimate.level).toBeLessThanOrEqual(3000);
    }
  });

  it('places a learner who knows every word at the end of the big deck, and a beginner at its start', () => {
    expect(takeTest(3000, 5, BIG, 0).estimate.high).toBe(3000);
    expect(takeTest(0, 6, BIG, 0).estimate.level).toBeLessThanOrEqual(5);
  });

  it('estimates the words it will ask: 16 at first, never fewer than asked, never more than 36', () => {
    const first = nextPlacementStep([], 3000);
    expect(first).toMatchObject({ done: false, expected: 16 });
    const random = randomStream(9);
    const answers: PlacementAnswer[] = [];
    const asked = new Set<number>();
    for (let step = nextPlacementStep(answers, 3000); !step.done; step = nextPlacementStep(answers, 3000)) {
      expect(step.expected).toBeGreaterThanOrEqual(answers.length + step.count);
      expect(step.expected).toBeLessThanOrEqual(PLACEMENT_MAX_PROMPTS);
      for (const w of pickPlacementWords(BIG, { target: step.target, count: step.count, asked })) {
        asked.add(w.id);
        // An erratic learner keeps the level open, so the estimate has to grow.
        answers.push({ rank: w.rank, known: random() < 0.5 });
      }
    }
    expect(answers.length).toBeGreaterThanOrEqual(16);
  });
});

describe('the placement test', () => {
  it("finds a simulated learner's level within a third, asking no more than 36 words", () => {
    fc.assert(
      fc.property(fc.integer({ min: 30, max: DECK_SIZE }), fc.integer(), (level, seed) => {
        const { estimate, prompts } = takeTest(level, seed);
        expect(prompts).toBeLessThanOrEqual(PLACEMENT_MAX_PROMPTS);
        expect(estimate.level / level).toBeGreaterThan(0.67);
        expect(estimate.level / level).toBeLessThan(1.5);
      }),
      { numRuns: 150 },
    );
  });

  it('lands near 300 for a learner who knows the first 300 words, in most runs within a fifth', () => {
    const results = Array.from({ length: 40 }, (_, seed) => takeTest(300, seed).estimate.level);
    const close = results.filter((l) => l >= 240 && l <= 360);
    expect(close.length).toBeGreaterThanOrEqual(34);
  });

  it('ends early at level 0 for a beginner who knows none of the words, and places them at the first word', () => {
    const { estimate, prompts } = takeTest(0, 7, DECK, 0);
    expect(estimate.level).toBeLessThanOrEqual(5);
    expect(prompts).toBeLessThanOrEqual(20);
  });

  it('places a learner who knows the whole deck at its end', () => {
    const { estimate } = takeTest(DECK_SIZE, 3, DECK, 0);
    expect(estimate.level).toBeGreaterThan(DECK_SIZE * 0.85);
    expect(estimate.high).toBe(DECK_SIZE);
  });

  it('asks every word of a deck smaller than the test, each once, and stops', () => {
    const small = deckOf(10);
    const { prompts } = takeTest(6, 1, small);
    expect(prompts).toBe(10);
  });

  it('gives level 0 for an empty deck without asking anything', () => {
    expect(nextPlacementStep([], 0)).toEqual({ done: true, estimate: { level: 0, low: 0, high: 0 } });
  });

  it('starts with a step of four words and keeps the level within the deck whatever the answers', () => {
    const first = nextPlacementStep([], DECK_SIZE);
    expect(first).toMatchObject({ done: false, count: PLACEMENT_WORDS_PER_STEP });
    fc.assert(
      fc.property(
        fc.array(fc.record({ rank: fc.integer({ min: 1, max: 200 }), known: fc.boolean() }), { maxLength: 40 }),
        (answers) => {
          const e = estimateLevel(answers, 200);
          expect(e.low).toBeLessThanOrEqual(e.level);
          expect(e.level).toBeLessThanOrEqual(e.high);
          expect(e.high).toBeLessThanOrEqual(200);
          expect(e.low).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('picks distinct words not asked before, around the target rank', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: DECK_SIZE }),
        fc.uniqueArray(fc.integer({ min: 1000, max: 1000 + DECK_SIZE - 1 }), { maxLength: 36 }),
        (target, asked) => {
          const words = pickPlacementWords(DECK, { target, count: 4, asked: new Set(asked) });
          expect(words).toHaveLength(4);
          expect(new Set(words.map((w) => w.id)).size).toBe(4);
          for (const w of words) expect(asked).not.toContain(w.id);
        },
      ),
    );
    expect(pickPlacementWords(DECK, { target: 300, count: 4, asked: new Set() }).map((w) => w.rank)).toEqual([
      261, 286, 314, 345,
    ]);
  });
});

describe('what a result marks as known', () => {
  it('marks the words up to the level, not those missed in the test, and those answered right above it', () => {
    const deck = deckOf(10);
    const answered = new Map([
      [1002, false],
      [1008, true],
    ]);
    expect(placementKnownWords(deck, 5, answered).map((w) => w.rank)).toEqual([1, 2, 4, 5, 9]);
    expect(placementKnownWords(deck, 0, new Map())).toEqual([]);
  });

  it('schedules the commonest words furthest away and those near the level in a week', () => {
    expect(placedIntervalDays(1, 1000)).toBe(120);
    expect(placedIntervalDays(500, 1000)).toBe(64);
    expect(placedIntervalDays(1000, 1000)).toBe(7);
    expect(placedIntervalDays(1200, 1000)).toBe(7);
  });

  it('makes a learned review card first due after the interval, as an Easy first answer would be', () => {
    const now = Date.UTC(2026, 0, 15);
    const card = placedCardState(now, 30);
    expect(card).toMatchObject({
      state: State.Review,
      reps: 1,
      lapses: 0,
      stability: 30,
      scheduled_days: 30,
      last_review: now,
      last_rating: 4,
    });
    expect(card.due).toBe(now + 30 * 86_400_000);
    expect(isLearned(card)).toBe(true);
  });
});
