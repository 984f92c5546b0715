/**
 * The two cards of a word, named by what the learner does, the same in every language
 * (docs/decisions/0005-scheduling.md): `recognise` shows the foreign word and asks for English; `recall` shows
 * the English and asks for the foreign word. Each card has its own schedule and review log.
 */
import type { LanguageCode } from './languages.js';

export const DIRECTIONS = ['recognise', 'recall'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/**
 * Names the API took before the cards were named by what is asked: `forward` was the card a language's own
 * original quiz asks, `reverse` the other one. Still accepted, with that meaning.
 */
export const LEGACY_DIRECTIONS = ['forward', 'reverse'] as const;
export type LegacyDirection = (typeof LEGACY_DIRECTIONS)[number];

/**
 * The card a language's pages ask unless told otherwise: the way its original quiz asks (the Spanish quiz shows
 * Spanish; the French, German, Italian and Portuguese quizzes show English). Its figures are the language's
 * "learned" and "up for review".
 */
export function primaryDirection(language: LanguageCode): Direction {
  return language === 'spanish' ? 'recognise' : 'recall';
}

export function otherDirection(direction: Direction): Direction {
  return direction === 'recognise' ? 'recall' : 'recognise';
}

/** A direction named in a URL or a call, old names included; anything else, or none, is the language's own. */
export function directionOf(value: string | null | undefined, language: LanguageCode): Direction {
  const primary = primaryDirection(language);
  switch (value) {
    case 'recognise':
    case 'recall':
      return value;
    case 'reverse':
      return otherDirection(primary);
    default:
      return primary;
  }
}

/** Whether a card shows the foreign word (and the learner types English). */
export const showsForeign = (direction: Direction): boolean => direction === 'recognise';
