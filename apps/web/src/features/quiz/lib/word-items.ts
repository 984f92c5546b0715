import type { Word } from '@vocab/api';
import { type Direction, type Language, type QuizItem, type QuizMode, withArticle } from '@vocab/core';

/** Which way a quiz asks (PRODUCT.md §1 "Directions"). */
export type QuizDirection = 'toEnglish' | 'toForeign';

/**
 * On the forward card, the Spanish quiz and the reviews show the foreign word and expect English, the others the
 * other way (SPEC.md §4). The reverse card is always English → foreign.
 */
export function quizDirection(mode: QuizMode, card: Direction = 'forward'): QuizDirection {
  if (card === 'reverse') return 'toForeign';
  return mode === 'spanish' || mode === 'review' ? 'toEnglish' : 'toForeign';
}

function englishForms(word: Word): string[] {
  const forms = word.translations.length > 0 ? word.translations : word.translation.split(';');
  return forms.map((t) => t.trim()).filter((t) => t !== '');
}

/** A deck word as a quiz item in the given direction: the noun is shown with its article ("la casa"). */
export function wordItem(word: Word, language: Language, direction: QuizDirection): QuizItem {
  const article = word.article || null;
  if (direction === 'toEnglish') {
    return { id: word._id, prompt: withArticle(word.word, article, language.locale), key: { accepted: englishForms(word), locale: 'en' } };
  }
  return {
    id: word._id,
    prompt: englishForms(word).join('; ') || word.translation,
    key: { accepted: [word.word], article, locale: language.locale, articles: language.articles },
  };
}

/** What the answer field of a word quiz needs to know: its label, its language and the accents to offer. */
export interface AnswerField {
  label: string;
  lang: string;
  promptLang: string;
  accents: readonly string[];
}

export function answerField(language: Language, direction: QuizDirection): AnswerField {
  return direction === 'toEnglish'
    ? { label: 'Answer in English', lang: 'en', promptLang: language.locale, accents: [] }
    : { label: `Answer in ${language.name}`, lang: language.locale, promptLang: 'en', accents: language.accents };
}
