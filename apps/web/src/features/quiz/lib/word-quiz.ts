import type { Word } from '@vocab/api';
import { type Direction, type ExampleSentence, type Language, type QuizMode, buildLexicon, contextQuizItem, exampleSentence } from '@vocab/core';
import type { QuizSupport } from '../api/get-quiz-support';
import type { QuizScreenProps } from '../components/quiz-screen';
import { answerField, wordItem } from './word-items';

/** Each word's sentence, by word id: the words without one are left out. */
function sentencesOf(words: readonly Word[]): Map<string, ExampleSentence> {
  const sentences = new Map<string, ExampleSentence>();
  for (const word of words) {
    const sentence = exampleSentence(word.example, word.exampleTranslation);
    if (sentence) sentences.set(word._id, sentence);
  }
  return sentences;
}

/**
 * The QuizScreen settings of a quiz over deck words, asked on the given card, with the matching answer field; in
 * the `context` mode, the words with a sentence, each asked in its sentence (the foreign form typed).
 */
export function wordQuizProps(
  words: readonly Word[],
  language: Language,
  mode: QuizMode,
  support: Pick<QuizSupport, 'strictAccents' | 'autoSpeak' | 'lexicon'>,
  direction: Direction,
): Pick<QuizScreenProps, 'mode' | 'items' | 'answerLabel' | 'answerLang' | 'promptLang' | 'accents' | 'lexicon' | 'strictAccents' | 'autoSpeak' | 'examples'> {
  const sentences = sentencesOf(words);
  const inContext = mode === 'context';
  const items = inContext
    ? words.flatMap((word) => {
        const sentence = sentences.get(word._id);
        return sentence ? [contextQuizItem(word._id, sentence, language)] : [];
      })
    : words.map((word) => wordItem(word, language, direction));
  const field = answerField(language, direction);
  return {
    mode,
    items,
    answerLabel: inContext ? `The missing ${language.name} word` : field.label,
    answerLang: inContext ? language.locale : field.lang,
    promptLang: inContext ? language.locale : field.promptLang,
    accents: inContext ? language.accents : field.accents,
    // The language's words (or, without the lexicon, the batch's): a typo that makes another real word is not
    // forgiven, and a wrong answer that is another word is named.
    lexicon: support.lexicon ?? buildLexicon(words.map((w) => ({ word: w.word, article: w.article, translations: w.translations, hint: w.hint })), language),
    strictAccents: support.strictAccents,
    autoSpeak: support.autoSpeak,
    examples: { sentences, locale: language.locale },
  };
}
