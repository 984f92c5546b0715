/**
 * The quizzes of SPEC.md §4 as data. They differ only in these rules; the one reducer in quiz-engine.ts reads
 * them and has no mode names in it.
 */
import type { LanguageCode } from './languages.js';

export const QUIZ_MODES = ['spanish', 'classic', 'generic', 'review', 'secret'] as const;
export type QuizMode = (typeof QUIZ_MODES)[number];

export interface ModeRules {
  /** Lower-case the input on every change (the Spanish quiz shows it lower-cased as one types). */
  lowercaseInput: boolean;
  /** Accept an exactly correct input on the keystroke, without Enter. */
  autoAcceptOnType: boolean;
  /**
   * After a wrong submitted answer: `stay` on the word so the learner retries; go to the `next` one after the
   * delay; or go on and `requeue` the word into a further round of the wrongly answered words.
   */
  onWrong: 'stay' | 'next' | 'requeue';
  /** Show the expected answer with a wrong verdict ("Incorrect. casa", Italian's "Correct: casa"). */
  revealOnWrong: boolean;
}

export interface ModeOptions {
  /** Classic mode: also show the correct answer after a wrong one (the Italian quiz). */
  showCorrection?: boolean;
}

const RULES: Readonly<Record<QuizMode, ModeRules>> = {
  // SPEC §4 Spanish: lower-cased input, advances only on a correct answer.
  spanish: { lowercaseInput: true, autoAcceptOnType: true, onWrong: 'stay', revealOnWrong: false },
  // SPEC §4 French, German, Italian, Portuguese: "Incorrect" for 2 s, then the next word without scoring.
  classic: { lowercaseInput: false, autoAcceptOnType: true, onWrong: 'next', revealOnWrong: false },
  // SPEC §4 generic: "Incorrect. {answer}", then rounds of the wrongly answered words until none is wrong.
  generic: { lowercaseInput: false, autoAcceptOnType: true, onWrong: 'requeue', revealOnWrong: true },
  // SPEC §4 review: "behaves as a quiz with an i/N counter"; PRODUCT shows the answer, no requeue.
  review: { lowercaseInput: false, autoAcceptOnType: true, onWrong: 'next', revealOnWrong: true },
  // SPEC §4 secret: Enter or "check" submits; "incorrect.." then next either way.
  secret: { lowercaseInput: false, autoAcceptOnType: false, onWrong: 'next', revealOnWrong: false },
};

export function modeRules(mode: QuizMode, options: ModeOptions = {}): ModeRules {
  const rules = RULES[mode];
  return options.showCorrection ? { ...rules, revealOnWrong: true } : rules;
}

/** Which quiz a language's own quiz page runs (SPEC.md §4): Spanish has its own, Italian shows corrections. */
export function languageQuizMode(language: LanguageCode): { mode: QuizMode } & ModeOptions {
  if (language === 'spanish') return { mode: 'spanish' };
  return { mode: 'classic', showCorrection: language === 'italian' };
}
