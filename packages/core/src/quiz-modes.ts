/**
 * The quizzes of the original as data. They differ only in these rules; the one reducer in quiz-engine.ts reads
 * them and has no mode names in it.
 */
import type { LanguageCode } from './languages.js';

export const QUIZ_MODES = ['spanish', 'classic', 'generic', 'review', 'secret', 'context', 'listen'] as const;
export type QuizMode = (typeof QUIZ_MODES)[number];

/**
 * After a wrong answer every quiz does the same: the right answer shows for the 2-second pause, then the next word
 * comes, and the quiz's "Last answer" line keeps the correction readable under it until the next answer.
 */
export interface ModeRules {
  /** Lower-case the input on every change (the Spanish quiz shows it lower-cased as one types). */
  lowercaseInput: boolean;
  /** Accept an exactly correct input on the keystroke, without Enter. */
  autoAcceptOnType: boolean;
  /**
   * A missed word is asked again in a further round of the round's missed words, until none is missed. Only the
   * first answer of a session reschedules a word (docs/decisions/0005), so these are practice: the learner meets
   * the word again today instead of only tomorrow. A review does not: its words are due, not new.
   */
  askMissedAgain: boolean;
}

const RULES: Readonly<Record<QuizMode, ModeRules>> = {
  // Spanish: lower-cased input, advances on a correct answer. The original stayed on a missed word with no
  // way out; it now moves on after the pause like every quiz, and the word comes back in a later round.
  spanish: { lowercaseInput: true, autoAcceptOnType: true, askMissedAgain: true },
  // French, German, Italian, Portuguese: "Incorrect" for 2 s, then the next word without scoring; the
  // missed words come back at the end, as in the generic quiz.
  classic: { lowercaseInput: false, autoAcceptOnType: true, askMissedAgain: true },
  // generic: "Incorrect. {answer}", then rounds of the wrongly answered words until none is wrong.
  generic: { lowercaseInput: false, autoAcceptOnType: true, askMissedAgain: true },
  // review: "behaves as a quiz with an i/N counter"; no requeue.
  review: { lowercaseInput: false, autoAcceptOnType: true, askMissedAgain: false },
  // secret: Enter or "Check" submits; "Incorrect. {answer}" then next either way.
  secret: { lowercaseInput: false, autoAcceptOnType: false, askMissedAgain: false },
  // "In context" (docs/decisions/0014): the word's sentence with its form blanked. Input keeps its case (German
  // nouns); missed words come back.
  context: { lowercaseInput: false, autoAcceptOnType: true, askMissedAgain: true },
  // "Listen and type" (docs/decisions/0016): the word is said aloud, and shown only once answered. Input keeps its
  // case (German nouns); missed words come back.
  listen: { lowercaseInput: false, autoAcceptOnType: true, askMissedAgain: true },
};

export function modeRules(mode: QuizMode): ModeRules {
  return RULES[mode];
}

/** Which quiz a language's own quiz page runs: Spanish has its own, the others the classic one. */
export function languageQuizMode(language: LanguageCode): QuizMode {
  return language === 'spanish' ? 'spanish' : 'classic';
}
