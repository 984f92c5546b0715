/**
 * How an answer was judged. `almost` is an answer we accept but grade lower (a forgiven accent or typo):
 * the quiz moves on as for `correct`, the scheduler rates it Hard.
 */
export type Verdict = 'correct' | 'almost' | 'wrong';

/** Why an answer is only `almost` right; the UI words it ("mind the accent: niño"). */
export type AlmostReason = 'accent' | 'typo';
