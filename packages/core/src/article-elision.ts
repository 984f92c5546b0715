/**
 * Writing a noun with its article. Decks store the gender article (`le`, `la`, `il`…) and leave the elision
 * to the app (content/decks/FORMAT.md), so "homme" + "le" must be shown and accepted as "l'homme".
 */

/** Articles that become `l'` before a vowel sound, per language (primary subtag of the locale). */
const ELIDING_ARTICLES: Readonly<Record<string, readonly string[]>> = {
  fr: ['le', 'la'],
  // Italian: the deck writes `il`/`la` for nouns that take l' (l'uomo, l'acqua); `lo` elides too.
  it: ['il', 'lo', 'la'],
};

export const ELIDED_ARTICLE = "l'";

/**
 * French nouns with an "h aspiré": they keep the full article (la hausse, le hasard). Only the common ones:
 * an unlisted rare noun is shown elided, and the checker still accepts the unelided form as a typo.
 */
const FRENCH_ASPIRATED_H = new Set([
  'hache',
  'haie',
  'haillon',
  'haine',
  'hall',
  'halle',
  'halte',
  'hamac',
  'hamburger',
  'hameau',
  'hamster',
  'hanche',
  'handball',
  'handicap',
  'hangar',
  'hanneton',
  'harcèlement',
  'hareng',
  'haricot',
  'harnais',
  'harpe',
  'hasard',
  'hâte',
  'hausse',
  'haut',
  'hauteur',
  'haut-parleur',
  'havre',
  'hayon',
  'hérisson',
  'hernie',
  'héros',
  'hêtre',
  'heurt',
  'hibou',
  'hiérarchie',
  'hippie',
  'hit',
  'hobby',
  'hockey',
  'hold-up',
  'homard',
  'hongrois',
  'honte',
  'hoquet',
  "hors-d'œuvre",
  'hotte',
  'houblon',
  'houle',
  'housse',
  'houx',
  'hublot',
  'huée',
  'huit',
  'huitième',
  'hurlement',
  'hutte',
]);

function primaryLanguage(locale: string): string {
  return locale.split(/[-_]/)[0]?.toLowerCase() ?? '';
}

/** First letter without its accent: "été" → "e", "œuvre" → "o". */
function baseInitial(word: string, locale: string): string {
  const first = Array.from(word.toLocaleLowerCase(locale))[0] ?? '';
  return first.normalize('NFD').replace(/\p{M}/gu, '').replace('œ', 'o').replace('æ', 'a');
}

function startsWithVowelSound(word: string, locale: string): boolean {
  const language = primaryLanguage(locale);
  const initial = baseInitial(word, locale);
  if ('aeiou'.includes(initial) && initial !== '') return true;
  if (initial !== 'h') return false;
  // Italian h is always silent (l'hotel); French h is silent unless aspirated.
  return language === 'it' || !FRENCH_ASPIRATED_H.has(word.toLocaleLowerCase(locale));
}

/** The article as written before this noun: `l'` where the language elides it, else the article itself. */
export function articleBefore(word: string, article: string, locale: string): string {
  const eliding = ELIDING_ARTICLES[primaryLanguage(locale)] ?? [];
  const lower = article.toLocaleLowerCase(locale);
  return eliding.includes(lower) && startsWithVowelSound(word, locale) ? ELIDED_ARTICLE : article;
}

/** Whether `l'` is a possible spelling of `article` in this language (so "le homme" is a slip, not a wrong gender). */
export function canElide(article: string, locale: string): boolean {
  const eliding = ELIDING_ARTICLES[primaryLanguage(locale)] ?? [];
  return eliding.includes(article.toLocaleLowerCase(locale));
}

/** "la casa", "das Haus", "l'homme", "la hausse"; the bare word when there is no article. */
export function withArticle(word: string, article: string | null | undefined, locale: string): string {
  if (!article) return word;
  const written = articleBefore(word, article, locale);
  return written.endsWith("'") ? `${written}${word}` : `${written} ${word}`;
}
