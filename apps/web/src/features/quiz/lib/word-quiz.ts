import type { Word } from '@vocab/api';
import {
  type Direction,
  type ExampleSentence,
  type Language,
  type QuizMode,
  buildLexicon,
  contextQuizItem,
  exampleSentence,
  listenQuizItem,
  showsForeign,
} from '@vocab/core';
import type { QuizSupport } from '../api/get-quiz-support';
import type { QuizScreenProps } from '../components/quiz-screen';
import { answerField, lexiconEntry, wordItem } from './word-items';

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
 * the `context` mode, the words with a sentence, each asked in its sentence (the foreign form typed); in the
 * `listen` mode, each word said aloud (the foreign word typed, as the recall card asks it).
 */
export function wordQuizProps(
  words: readonly Word[],
  {
    language,
    mode,
    support,
    direction,
  }: {
    language: Language;
    mode: QuizMode;
    support: Pick<QuizSupport, 'strictAccents' | 'autoSpeak' | 'lexicon'>;
    direction: Direction;
  },
): Pick<
  QuizScreenProps,
  | 'mode'
  | 'items'
  | 'answerLabel'
  | 'answerLang'
  | 'promptLang'
  | 'accents'
  | 'lexicon'
  | 'strictAccents'
  | 'autoSpeak'
  | 'examples'
> {
  const sentences = sentencesOf(words);
  const inContext = mode === 'context';
  const listening = mode === 'listen';
  // Both ask for the foreign word, whatever the card.
  const foreign = inContext || listening;
  const asked = inContext
    ? words.flatMap((word) => {
        const sentence = sentences.get(word._id);
        return sentence ? [contextQuizItem(word._id, sentence, language)] : [];
      })
    : listening
      ? words.map((word) => listenQuizItem(word._id, lexiconEntry(word), language))
      : words.map((word) => wordItem(word, language, direction));
  // Asked from the English (the recall card, or a sentence's English), a word never seen can only be guessed: an
  // empty Enter on it is "I don't know". By ear the word is heard, not guessed from its meaning.
  const fromEnglish = inContext || (!listening && !showsForeign(direction));
  const unseen = new Set(words.filter((word) => word.due === null).map((word) => word._id));
  const items = asked.map((item) => (fromEnglish && unseen.has(item.id) ? { ...item, blankIsDontKnow: true } : item));
  const field = answerField(language, direction);
  return {
    mode,
    items,
    answerLabel: inContext
      ? `The missing ${language.name} word`
      : listening
        ? `The ${language.name} word you hear`
        : field.label,
    answerLang: foreign ? language.locale : field.lang,
    promptLang: foreign ? language.locale : field.promptLang,
    accents: foreign ? language.accents : field.accents,
    // The language's words (or, without the lexicon, the batch's): a typo that makes another real word is not
    // forgiven, and a wrong answer that is another word is named.
    lexicon:
      support.lexicon ??
      buildLexicon(
        words.map((w) => ({ word: w.word, article: w.article, translations: w.translations, hint: w.hint })),
        language,
      ),
    strictAccents: support.strictAccents,
    autoSpeak: support.autoSpeak,
    examples: { sentences, locale: language.locale },
  };
}
