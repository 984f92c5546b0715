import type { Word } from '@vocab/api';
import {
  type Direction,
  type Language,
  type LexiconEntry,
  type QuizItem,
  answerKey,
  cardPrompt,
  showsForeign,
} from '@vocab/core';

function englishForms(word: Word): string[] {
  const forms = word.translations.length > 0 ? word.translations : word.translation.split(';');
  return forms.map((t) => t.trim()).filter((t) => t !== '');
}

/** A word as the checker knows it: its form, article, English forms and hint. */
export const lexiconEntry = (word: Word): LexiconEntry => ({
  word: word.word,
  article: word.article,
  translations: englishForms(word),
  hint: word.hint,
});

/** A word as a quiz item on one of its cards, asked as core asks it (the server judges with the same key). */
export function wordItem(word: Word, language: Language, direction: Direction): QuizItem {
  const entry = lexiconEntry(word);
  const prompt = cardPrompt(entry, language, direction);
  return {
    id: word._id,
    prompt: prompt.text || word.translation,
    hint: prompt.hint,
    key: answerKey(entry, language, direction),
  };
}

/** What the answer field of a word quiz needs to know: its label, its language and the accents to offer. */
export interface AnswerField {
  label: string;
  lang: string;
  promptLang: string;
  accents: readonly string[];
}

export function answerField(language: Language, direction: Direction): AnswerField {
  return showsForeign(direction)
    ? { label: 'Answer in English', lang: 'en', promptLang: language.locale, accents: [] }
    : { label: `Answer in ${language.name}`, lang: language.locale, promptLang: 'en', accents: language.accents };
}
