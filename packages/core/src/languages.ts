/** The catalogue of languages the product teaches. One place, shared by server and browser. */

export const LANGUAGE_CODES = ['spanish', 'french', 'german', 'italian', 'portuguese', 'swedish'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export interface Language {
  /** Lower-case English name: used in URLs, API paths and deck file names. */
  code: LanguageCode;
  /** Display name. */
  name: string;
  /** BCP 47 tag: locale-aware lower-casing and the speech-synthesis voice. */
  locale: string;
  /** Whether learners can practise it; an inactive language shows "Coming soon...". */
  active: boolean;
  /** Characters the accent buttons offer. */
  accents: readonly string[];
  /** Definite articles a noun may be typed with ("la casa" for "casa"). */
  articles: readonly string[];
  /**
   * Whether a noun's article is part of the answer: German gender cannot be guessed from the noun, so a missing
   * article is a slip like a wrong one (both `almost`, "mind the article"). Elsewhere the right article is optional.
   */
  articleRequired?: boolean;
  /** Colours of its landing card. */
  bg: string;
  fontColor: string;
}

export const LANGUAGES: readonly Language[] = [
  {
    code: 'spanish',
    name: 'Spanish',
    locale: 'es-ES',
    active: true,
    accents: ['á', 'é', 'í', 'ó', 'ú', 'ü', 'ñ'],
    articles: ['el', 'la', 'los', 'las'],
    bg: '#b3261e',
    fontColor: '#ffffff',
  },
  {
    code: 'french',
    name: 'French',
    locale: 'fr-FR',
    active: true,
    accents: ['à', 'â', 'ä', 'æ', 'ç', 'è', 'é', 'ê', 'ë', 'î', 'ï', 'ô', 'œ', 'ù', 'û', 'ü'],
    articles: ['le', 'la', "l'", 'les'],
    bg: '#1d3f8f',
    fontColor: '#ffffff',
  },
  {
    code: 'german',
    name: 'German',
    locale: 'de-DE',
    active: true,
    accents: ['ä', 'ö', 'ü', 'ß'],
    articles: ['der', 'die', 'das'],
    articleRequired: true,
    bg: '#1f1f1f',
    fontColor: '#ffd54a',
  },
  {
    code: 'italian',
    name: 'Italian',
    locale: 'it-IT',
    active: true,
    accents: ['à', 'è', 'é', 'ì', 'ò', 'ó', 'ù'],
    articles: ['il', 'lo', 'la', "l'", 'i', 'gli', 'le'],
    bg: '#1b6b3a',
    fontColor: '#ffffff',
  },
  {
    code: 'portuguese',
    name: 'Portuguese',
    locale: 'pt-PT',
    active: true,
    accents: ['à', 'á', 'â', 'ã', 'ç', 'é', 'ê', 'í', 'ó', 'ô', 'õ', 'ú', 'ü'],
    articles: ['o', 'a', 'os', 'as'],
    bg: '#0b5c4a',
    fontColor: '#ffffff',
  },
  {
    code: 'swedish',
    name: 'Swedish',
    locale: 'sv-SE',
    active: false,
    accents: ['å', 'ä', 'ö'],
    articles: ['en', 'ett'],
    bg: '#005b99',
    fontColor: '#fecc02',
  },
];

const byCode = new Map<string, Language>(LANGUAGES.map((l) => [l.code, l]));

export function isLanguageCode(value: string): value is LanguageCode {
  return byCode.has(value);
}

/** The language for a code; throws for an unknown one, so callers validate first with `isLanguageCode`. */
export function getLanguage(code: LanguageCode): Language {
  const language = byCode.get(code);
  if (!language) throw new Error(`unknown language: ${code}`);
  return language;
}

/** Size of a learning batch: a quiz session's words, and "Learn 15 more words". */
/** "a" or "an" before a language's name as an adjective: "an Italian word", "a Spanish word". */
export const indefiniteArticle = (name: string): 'a' | 'an' => (/^[aeiou]/i.test(name) ? 'an' : 'a');

export const BATCH_SIZE = 15;
/** Delay after an answer before the next word. */
export const ADVANCE_DELAY_MS = 2000;
/** Length of the secret-language quiz. */
export const SECRET_QUIZ_LENGTH = 70;
