import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  DEFAULT_PARAMETERS,
  calibration,
  cardHistory,
  effectiveRetention,
  retentionCorrection,
  recommendedRetention,
  replayCard,
  reviewsPerDay,
  trainingItems,
  validParameters,
  workPerKnownWord,
} from './memory-model.js';
import { reviewCard, newCardState } from './scheduler.js';

const T0 = Date.UTC(2026, 0, 10, 9);
const at = (day: number, hour = 9) => T0 + day * DAY_MS + (hour - 9) * 3_600_000;
const review = (
  day: number,
  rating: number,
  extra: Partial<{ state: number; elapsedDays: number; hour: number; scheduled: number }> = {},
) => ({
  rating,
  at: at(day, extra.hour ?? 9),
  scheduled: extra.scheduled ?? 1,
  state: extra.state ?? (day === 0 ? 0 : 2),
  elapsedDays: extra.elapsedDays ?? 0,
});

describe('cardHistory', () => {
  it("orders a card's answers and counts whole days between them, a same-day retry as 0", () => {
    const history = cardHistory([review(3, 3), review(0, 1), review(0, 3, { hour: 9.5, scheduled: 0 }), review(1, 3)]);
    expect(history).toEqual([
      { rating: 1, deltaT: 0 },
      { rating: 3, deltaT: 0 },
      { rating: 3, deltaT: 1 },
      { rating: 3, deltaT: 2 },
    ]);
  });

  it("starts a card first answered as already learnt (a placement test's) with an Easy at its last review", () => {
    const history = cardHistory([review(20, 3, { state: 2, elapsedDays: 14 })]);
    expect(history).toEqual([
      { rating: 4, deltaT: 0 },
      { rating: 3, deltaT: 14 },
    ]);
  });

  it('leaves out ratings that are not 1-4', () => {
    expect(cardHistory([review(0, 0), review(1, 7), review(2, 3)])).toEqual([{ rating: 3, deltaT: 0 }]);
  });
});

describe('trainingItems', () => {
  it('makes one item per review after the first, each the history up to it', () => {
    const items = trainingItems([
      [
        { rating: 3, deltaT: 0 },
        { rating: 3, deltaT: 2 },
        { rating: 1, deltaT: 5 },
      ],
    ]);
    expect(items).toEqual([
      [
        { rating: 3, deltaT: 0 },
        { rating: 3, deltaT: 2 },
      ],
      [
        { rating: 3, deltaT: 0 },
        { rating: 3, deltaT: 2 },
        { rating: 1, deltaT: 5 },
      ],
    ]);
  });

  it('never yields an item without an interval of a day or more (the native optimizer aborts on one)', () => {
    const sameDay = [
      { rating: 1, deltaT: 0 },
      { rating: 3, deltaT: 0 },
      { rating: 3, deltaT: 0 },
    ];
    const later = [...sameDay, { rating: 3, deltaT: 1 }, { rating: 3, deltaT: 0 }];
    const items = trainingItems([sameDay, later, [{ rating: 3, deltaT: 0 }]]);
    expect(items).toHaveLength(2);
    for (const item of items) expect(item.slice(1).some((r) => r.deltaT > 0)).toBe(true);
  });

  it(
    'refuses a history with a bad rating or interval, ' +
      'and keeps a card answered ten thousand times to its last reviews',
    () => {
      expect(
        trainingItems([
          [
            { rating: 3, deltaT: 0 },
            { rating: 5, deltaT: 1 },
          ],
        ]),
      ).toEqual([]);
      expect(
        trainingItems([
          [
            { rating: 3, deltaT: 0 },
            { rating: 3, deltaT: -1 },
          ],
        ]),
      ).toEqual([]);
      const long = [{ rating: 3, deltaT: 0 }, ...Array.from({ length: 10_000 }, () => ({ rating: 3, deltaT: 1 }))];
      const items = trainingItems([long], { maxPerCard: 64 });
      expect(items).toHaveLength(63);
      expect(items.every((i) => i.length <= 64 && i[0]?.deltaT === 0)).toBe(true);
    },
  );

  it("keeps a large log within a budget of reviews held by items, by keeping each card's latest items", () => {
    const card = [{ rating: 3, deltaT: 0 }, ...Array.from({ length: 40 }, () => ({ rating: 3, deltaT: 2 }))];
    const all = trainingItems([card, card, card]);
    expect(all).toHaveLength(120);
    const capped = trainingItems([card, card, card], { maxReviews: 600 });
    const held = capped.reduce((n, item) => n + item.length, 0);
    expect(held).toBeLessThanOrEqual(600);
    expect(capped.length).toBeGreaterThan(0);
    // Each card keeps its first two long-term items (the optimizer's first stabilities come from them) and its latest.
    expect(capped.filter((item) => item.length === 2)).toHaveLength(3);
    expect(capped.filter((item) => item.length === 3)).toHaveLength(3);
    expect(capped.at(-1)).toHaveLength(41);
  });
});

describe('validParameters', () => {
  it("accepts FSRS's defaults and refuses anything else the scheduler could not use", () => {
    expect(validParameters([...DEFAULT_PARAMETERS])).not.toBeNull();
    expect(validParameters(DEFAULT_PARAMETERS.slice(0, 19))).toBeNull();
    expect(validParameters([...DEFAULT_PARAMETERS.slice(0, 20), 5])).toBeNull();
    expect(validParameters([Number.NaN, ...DEFAULT_PARAMETERS.slice(1)])).toBeNull();
    expect(validParameters('[1,2]')).toBeNull();
  });
});

describe('replayCard', () => {
  it('gives the card the scheduler gave, answer by answer, under the same parameters', () => {
    let card = newCardState(at(0));
    const answers = [
      { rating: 3, at: at(0), verdict: 'correct' as const },
      { rating: 1, at: at(3), verdict: 'wrong' as const },
      { rating: 3, at: at(4), verdict: 'correct' as const },
    ];
    for (const a of answers) card = reviewCard(card, a.verdict, { nowMs: a.at }).card;
    expect(replayCard(answers, DEFAULT_PARAMETERS, 0.9)).toEqual(card);
  });

  it('gives a shorter interval under parameters of a learner who forgets faster', () => {
    const fast = [0.05, 0.2, 0.5, 2, ...DEFAULT_PARAMETERS.slice(4)];
    const answers = [
      { rating: 3, at: at(0) },
      { rating: 3, at: at(3) },
    ];
    const slow = replayCard(answers, DEFAULT_PARAMETERS, 0.9);
    const quick = replayCard(answers, fast, 0.9);
    expect(quick && slow && quick.due < slow.due).toBe(true);
  });
});

describe('calibration', () => {
  it('predicts from the state before each answer and buckets predicted against actual recall', () => {
    const histories = Array.from({ length: 40 }, (_, i) => [
      { rating: 3, deltaT: 0 },
      { rating: i % 4 === 0 ? 1 : 3, deltaT: 3 },
    ]);
    const result = calibration(histories, DEFAULT_PARAMETERS);
    expect(result.reviews).toBe(40);
    const total = result.buckets.reduce((n, b) => n + b.reviews, 0);
    expect(total).toBe(40);
    const bucket = result.buckets[0];
    expect(bucket?.actual).toBeCloseTo(0.75);
    expect(bucket && bucket.predicted > 0.8).toBe(true);
    expect(result.logLoss).toBeGreaterThan(0);
  });
});

describe('retentionCorrection', () => {
  const bucket = (from: number, reviews: number, predicted: number, actual: number) => ({
    from,
    to: from + 0.05,
    reviews,
    predicted,
    actual,
  });

  it(
    'asks for more when the model overrates the learner where schedules operate, ' + 'and less when it underrates them',
    () => {
      expect(retentionCorrection([bucket(0.8, 300, 0.83, 0.79), bucket(0.9, 300, 0.92, 0.88)])).toBeCloseTo(0.04);
      expect(retentionCorrection([bucket(0.9, 400, 0.91, 0.94)])).toBeCloseTo(-0.03);
      expect(effectiveRetention(0.9, 0.04)).toBeCloseTo(0.94);
    },
  );

  it('ignores predictions below 70%, needs enough reviews, and stays within bounds', () => {
    expect(retentionCorrection([bucket(0.5, 5000, 0.6, 0.2)])).toBe(0);
    expect(retentionCorrection([bucket(0.9, 50, 0.92, 0.5)])).toBe(0);
    expect(retentionCorrection([bucket(0.9, 500, 0.95, 0.5)])).toBe(0.07);
    expect(retentionCorrection([bucket(0.9, 500, 0.9, 1)])).toBe(-0.05);
    expect(effectiveRetention(0.95, 0.07)).toBe(0.97);
  });
});

describe('what a retention costs', () => {
  it('asks more reviews a day of the same cards at a higher retention', () => {
    const stabilities = [1, 3, 10, 30, 100];
    expect(reviewsPerDay(stabilities, DEFAULT_PARAMETERS, 0.95)).toBeGreaterThan(
      reviewsPerDay(stabilities, DEFAULT_PARAMETERS, 0.8),
    );
  });

  it('recommends one of the offered retentions, the one with the least work per known word', () => {
    const best = recommendedRetention(DEFAULT_PARAMETERS);
    expect([0.8, 0.85, 0.9, 0.95, 0.97]).toContain(best);
    for (const r of [0.8, 0.85, 0.9, 0.95, 0.97])
      expect(workPerKnownWord(DEFAULT_PARAMETERS, best)).toBeLessThanOrEqual(workPerKnownWord(DEFAULT_PARAMETERS, r));
  });
});
