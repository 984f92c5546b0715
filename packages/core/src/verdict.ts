/**
 * How an answer was judged. `almost` is an answer we accept but grade lower (a forgiven accent or typo):
 * the quiz moves on as for `correct`, the scheduler rates it Hard.
 */
export type Verdict = 'correct' | 'almost' | 'wrong';

/**
 * Why an answer is only `almost` right; the UI words it ("mind the accent: niño"). `article`: a German noun typed
 * without its article or with another one ("mind the article: der Rest").
 */
export type AlmostReason = 'accent' | 'typo' | 'article';

/**
 * The mark an answer missed or got wrong, named for the learner: "mind the umlaut: König", "mind the accent: à".
 * `eszett` is ß typed as "ss", `ligature` æ or œ typed as two letters.
 */
export type Diacritic = 'accent' | 'umlaut' | 'diaeresis' | 'tilde' | 'cedilla' | 'eszett' | 'ligature';

const DIACRITIC_WORDS: Readonly<Record<Diacritic, string>> = {
  accent: 'accent',
  umlaut: 'umlaut',
  diaeresis: 'diaeresis',
  tilde: 'tilde',
  cedilla: 'cedilla',
  eszett: 'ß',
  ligature: 'joined letters',
};

/** "mind the umlaut: König": one wording for a forgiven and an unforgiven accent slip. */
export function mindTheMark(diacritic: Diacritic, expected: string): string {
  return `mind the ${DIACRITIC_WORDS[diacritic]}: ${expected}`;
}
