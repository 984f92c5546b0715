import { z } from 'zod';

/** Predicted against shown recall for the reviews whose prediction fell in [from, to). */
const CalibrationBucket = z.object({
  from: z.number(),
  to: z.number(),
  reviews: z.number(),
  predicted: z.number(),
  actual: z.number(),
});

/** What the last fit measured, from the learner's own review log. */
export const MemoryReport = z.object({
  /** Reviews the fit read, and the optimizer's items made from them (one per review after a card's first). */
  reviews: z.number(),
  items: z.number(),
  /** Mean log loss of the predictions under the fitted parameters and under FSRS's defaults (lower predicts better). */
  logLoss: z.object({ fitted: z.number(), defaults: z.number() }),
  calibration: z.array(CalibrationBucket),
  /** About how many reviews a day the learner's cards ask for at each retention, fitted and with the defaults. */
  workload: z.array(z.object({ retention: z.number(), fitted: z.number(), defaults: z.number() })),
  /** The retention with the fewest reviews per word known for this learner, among those the settings offer. */
  recommendedRetention: z.number(),
  /**
   * Points by which the model's predictions ran above the learner's actual recall: the retention asked of FSRS is
   * the learner's plus this, so that the recall they get is the one they chose (negative: the model underrates them).
   */
  retentionCorrection: z.number(),
  /** Cards whose schedule the new parameters moved. */
  cardsRescheduled: z.number(),
});
export type MemoryReport = z.infer<typeof MemoryReport>;

/** A learner's memory model in one language: FSRS's defaults until their log is large enough, then their own. */
export const MemoryModel = z.object({
  status: z.enum(['defaults', 'fitted', 'failed']),
  /** Raised by one each time fitted parameters replace the ones in use. */
  version: z.number(),
  fittedAt: z.number().nullable(),
  /** Reviews in the language's log now, and how many the first fit needs. */
  reviewCount: z.number(),
  reviewsForFirstFit: z.number(),
  desiredRetention: z.number(),
  /** The parameters in use (21 numbers, FSRS-6), or null for FSRS's defaults. */
  parameters: z.array(z.number()).nullable(),
  report: MemoryReport.nullable(),
  /**
   * The last fit attempt, when it kept the standard model because too few reviews were usable (a review is when
   * its word comes back on a later day than the one before), and the log size at which the next attempt runs.
   */
  tooFewUsable: z
    .object({ at: z.number(), reviews: z.number(), usable: z.number(), needed: z.number(), nextAttemptAt: z.number() })
    .nullable(),
});
export type MemoryModel = z.infer<typeof MemoryModel>;
