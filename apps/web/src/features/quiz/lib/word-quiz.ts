import type { Word } from '@vocab/api';
import { type Direction, type Language, type QuizMode, buildLexicon } from '@vocab/core';
import type { QuizSupport } from '../api/get-quiz-support';
import type { QuizScreenProps } from '../components/quiz-screen';
import { answerField, wordItem } from './word-items';

/** The QuizScreen settings of a quiz over deck words, asked on the given card, with the matching answer field. */
export function wordQuizProps(
  words: readonly Word[],
  language: Language,
  mode: QuizMode,
  support: Pick<QuizSupport, 'strictAccents' | 'autoSpeak' | 'lexicon'>,
  direction: Direction,
): Pick<QuizScreenProps, 'mode' | 'items' | 'answerLabel' | 'answerLang' | 'promptLang' | 'accents' | 'lexicon' | 'strictAccents' | 'autoSpeak'> {
  const items = words.map((word) => wordItem(word, language, direction));
  const field = answerField(language, direction);
  return {
    mode,
    items,
    answerLabel: field.label,
    answerLang: field.lang,
    promptLang: field.promptLang,
    accents: field.accents,
    // The language's words (or, without the lexicon, the batch's): a typo that makes another real word is not
    // forgiven, and a wrong answer that is another word is named.
    lexicon: support.lexicon ?? buildLexicon(words.map((w) => ({ word: w.word, article: w.article, translations: w.translations, hint: w.hint })), language),
    strictAccents: support.strictAccents,
    autoSpeak: support.autoSpeak,
  };
}
