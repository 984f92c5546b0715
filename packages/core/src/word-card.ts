/**
 * How a word is asked on each of its cards (direction.ts): what the prompt shows and what answer key judges the
 * typed text. The browser's quiz and the server's check of a typed answer both build them here, so they agree.
 */
import { type AnswerKey, meaningKey } from './answer-checker.js';
import { withArticle } from './article-elision.js';
import { type Direction, showsForeign } from './direction.js';
import type { Language } from './languages.js';
import type { LexiconEntry } from './lexicon.js';

export interface CardPrompt {
  text: string;
  /** Beside an English prompt: which of the words sharing that English is wanted; empty if none. */
  hint: string;
}

export function cardPrompt(word: LexiconEntry, language: Pick<Language, 'locale'>, direction: Direction): CardPrompt {
  if (showsForeign(direction)) return { text: withArticle(word.word, word.article || null, language.locale), hint: '' };
  return { text: word.translations.join('; '), hint: unshownHint(word.hint, word.translations) };
}

/**
 * The parts of a hint the prompt does not already show: "remainder" tells "resto" from "descanso" (both "rest"),
 * but beside "rest; remainder" it only repeats the prompt, "rest; remainder (remainder)".
 */
function unshownHint(hint: string, translations: readonly string[]): string {
  const shown = new Set(translations.map(meaningKey));
  return hint
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !shown.has(meaningKey(part)))
    .join('; ');
}

export function answerKey(
  word: LexiconEntry,
  language: Pick<Language, 'locale' | 'articles' | 'articleRequired'>,
  direction: Direction,
): AnswerKey {
  if (showsForeign(direction)) return { accepted: word.translations, locale: 'en' };
  const key: AnswerKey = {
    accepted: [word.word],
    article: word.article || null,
    locale: language.locale,
    articles: language.articles,
    meanings: word.translations,
  };
  return language.articleRequired ? { ...key, articleRequired: true } : key;
}
