import type { Word } from '@vocab/api';
import { type Direction, type Language, type QuizMode, otherAnswerSet } from '@vocab/core';
import type { QuizSupport } from '../api/get-quiz-support';
import type { QuizScreenProps } from '../components/quiz-screen';
import { answerField, quizDirection, wordItem } from './word-items';

/**
 * The QuizScreen settings of a quiz over deck words: items asked the way the mode asks the card (`forward` unless
 * said), and the matching answer field.
 */
export function wordQuizProps(
  words: readonly Word[],
  language: Language,
  mode: QuizMode,
  support: Pick<QuizSupport, 'strictAccents' | 'autoSpeak' | 'otherAnswers'> = { strictAccents: false, autoSpeak: false, otherAnswers: null },
  card: Direction = 'forward',
): Pick<QuizScreenProps, 'mode' | 'items' | 'answerLabel' | 'answerLang' | 'promptLang' | 'accents' | 'otherAnswers' | 'strictAccents' | 'autoSpeak'> {
  const direction = quizDirection(mode, card);
  const items = words.map((word) => wordItem(word, language, direction));
  const field = answerField(language, direction);
  return {
    mode,
    items,
    answerLabel: field.label,
    answerLang: field.lang,
    promptLang: field.promptLang,
    accents: field.accents,
    // The language's other words (or, without the lexicon, the batch's): a typo that makes another real word is
    // not forgiven.
    otherAnswers: support.otherAnswers ?? otherAnswerSet(items.map((item) => item.key)),
    strictAccents: support.strictAccents,
    autoSpeak: support.autoSpeak,
  };
}
