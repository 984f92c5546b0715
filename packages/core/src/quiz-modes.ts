/**
 * The quizzes of SPEC.md §4 as data. They differ only in these rules; the one reducer in quiz-engine.ts reads
 * them and has no mode names in it.
 */
import type { LanguageCode } from './languages.js';

export const QUIZ_MODES = ['spanish', 'classic', 'generic', 'review', 'secret', 'context'] as const;
export type QuizMode = (typeof QUIZ_MODES)[number];

export interface ModeRules {
  /** Lower-case the input on every change (the Spanish quiz shows it lower-cased as one types). */
  lowercaseInput: boolean;
  /** Accept an exactly correct input on the keystroke, without Enter. */
  autoAcceptOnType: boolean;
  /**
   * After a wrong submitted answer, which every quiz answers with the right one: `retype` stays on the word until
   * the learner types it or goes on (Enter on an empty field, or Continue); `next` goes to the next word after
   * the delay.
   */
  onWrong: 'retype' | 'next';
  /**
   * A missed word is asked again in a further round of the round's missed words, until none is missed. Only the
   * first answer of a session reschedules a word (docs/decisions/0005), so these are practice: the learner meets
   * the word again today instead of only tomorrow. A review does not: its words are due, not new.
   */
  askMissedAgain: boolean;
}

const RULES: Readonly<Record<QuizMode, ModeRules>> = {
  // SPEC §4 Spanish: lower-cased input, advances on a correct answer; after a wrong one, the learner retypes the
  // answer shown or goes on (the original stayed on the word with no way out).
  spanish: { lowercaseInput: true, autoAcceptOnType: true, onWrong: 'retype', askMissedAgain: true },
  // SPEC §4 French, German, Italian, Portuguese: "Incorrect" for 2 s, then the next word without scoring; the
  // missed words come back at the end, as in the generic quiz.
  classic: { lowercaseInput: false, autoAcceptOnType: true, onWrong: 'next', askMissedAgain: true },
  // SPEC §4 generic: "Incorrect. {answer}", then rounds of the wrongly answered words until none is wrong.
  generic: { lowercaseInput: false, autoAcceptOnType: true, onWrong: 'next', askMissedAgain: true },
  // SPEC §4 review: "behaves as a quiz with an i/N counter"; no requeue.
  review: { lowercaseInput: false, autoAcceptOnType: true, onWrong: 'next', askMissedAgain: false },
  // SPEC §4 secret: Enter or "check" submits; "incorrect.." then next either way.
  secret: { lowercaseInput: false, autoAcceptOnType: false, onWrong: 'next', askMissedAgain: false },
  // "In context" (docs/decisions/0014): the word's sentence with its form blanked. Input keeps its case (German
  // nouns); after a miss the learner retypes the form shown in the sentence, and missed words come back.
  context: { lowercaseInput: false, autoAcceptOnType: true, onWrong: 'retype', askMissedAgain: true },
};

export function modeRules(mode: QuizMode): ModeRules {
  return RULES[mode];
}

/** Which quiz a language's own quiz page runs (SPEC.md §4): Spanish has its own, the others the classic one. */
export function languageQuizMode(language: LanguageCode): QuizMode {
  return language === 'spanish' ? 'spanish' : 'classic';
}
