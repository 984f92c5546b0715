/**
 * Judges a typed answer against a word's accepted forms. The original app compares lower-cased input exactly; we are
 * kinder on purpose (PRODUCT.md §1): any accepted alternative counts, an optional article or English "to"/"the"
 * may be typed or not, and a missing accent or a single typo is `almost` (accepted, graded Hard).
 */
import { ELIDED_ARTICLE, articleBefore, canElide, withArticle } from './article-elision.js';
import { editDistance } from './edit-distance.js';
import type { LexiconEntry } from './lexicon-entry.js';
import type { AlmostReason, Diacritic, Verdict } from './verdict.js';

export interface AnswerKey {
  /** Accepted alternatives as written in the deck ("casa"; or "house", "home"). The first is the one to teach. */
  accepted: readonly string[];
  /** For a noun in the language being learnt: its gender article ("la"), stored unelided (see article-elision.ts). */
  article?: string | null;
  /** Locale of the answer (the deck language's, or "en" for English answers): lower-casing is locale-aware. */
  locale: string;
  /** The language's articles (languages.ts): any of them may precede a noun, and only the right one passes. */
  articles?: readonly string[];
  /** The article is part of the answer (German): leaving it out is the same slip as typing another one. */
  articleRequired?: boolean;
  /**
   * For a foreign answer, the English it was asked by: another word of the language with one of these meanings is
   * also right (see `CheckResult.alsoRight`).
   */
  meanings?: readonly string[];
}

export interface CheckOptions {
  /** A missing or wrong accent is wrong instead of almost (a learner's setting). */
  strictAccents?: boolean;
  /**
   * Normalised forms of the deck's other words (see `otherAnswerSet`). An answer that is itself another word
   * is never forgiven as a typo or an accent slip: "pero" for "perro" is wrong, "si" for "sí" is wrong.
   */
  otherAnswers?: ReadonlySet<string>;
  /** Tells which word of the language a wrong foreign answer is (lexicon.ts). */
  entryOf?: (typed: string) => LexiconEntry | undefined;
}

export interface CheckResult {
  verdict: Verdict;
  /** The form to show: the matched alternative with its article ("la casa", "l'homme"), else the first one. */
  expected: string;
  reason?: AlmostReason;
  /**
   * The answer differs from the expected form only by this mark: set on an accent slip, whether it was forgiven
   * (`almost`) or not (strict accents, or "a" for "à" where "a" is another word), so the quiz can name it.
   */
  diacritic?: Diacritic;
  /** A wrong foreign answer that is another word of the language: which one ("si", 'if'). */
  typedWord?: LexiconEntry;
  /**
   * One slip from the expected form, forgiven (`almost` typo) or not (a word under 5 letters, "thw" for "the"):
   * where in `expected` the letters differ, [start, end), so the quiz can mark them. Absent for a letter too many.
   */
  misspelt?: readonly [number, number];
  /**
   * The typed word has one of the asked meanings ("esto" for "this" when "este" was wanted): not a mistake. The
   * quiz lets the learner try again and records nothing.
   */
  alsoRight?: boolean;
}

/** Words English answers may carry or omit: "to speak" / "speak", "the house" / "house". */
const ENGLISH_OPTIONAL_WORDS = ['to', 'a', 'an', 'the'];

/** Minimum letters before a single typo is forgiven: in shorter words one letter is often another word. */
const MIN_LETTERS_FOR_TYPO = 5;

/**
 * The comparable form of a typed or stored answer: NFC, locale-aware lower case, one space between words,
 * typographic apostrophes made straight, trailing punctuation (and Spanish opening ¿ ¡) dropped.
 */
export function normalizeAnswer(text: string, locale: string): string {
  return text
    .normalize('NFC')
    .toLocaleLowerCase(locale)
    .normalize('NFC') // lower-casing can decompose (İ → i̇)
    .replace(/[\u2018\u2019\u02BC\u00B4`]/gu, "'") // phone keyboards type ’ in l’homme
    .replace(/\s+/gu, ' ')
    .replace(/[\s.!?…,;:]+$/u, '')
    .replace(/^[\s¡¿]+/u, '')
    .trim();
}

/** Accent-blind form: "niño" → "nino", "Straße" → "strasse", "œuvre" → "oeuvre". */
function foldDiacritics(normalized: string): string {
  return normalized
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/gu, 'ss')
    .replace(/æ/gu, 'ae')
    .replace(/œ/gu, 'oe')
    .normalize('NFC');
}

function isEnglish(locale: string): boolean {
  return /^en(?:$|[-_])/i.test(locale);
}

/** An English translation as a meaning: lower case, without a leading "to", "the", "a" or "an". */
export function meaningKey(translation: string): string {
  return englishCore(normalizeAnswer(translation, 'en'));
}

/** Whether two words share a meaning: some translation of one is a translation of the other. */
export function shareMeaning(a: readonly string[], b: readonly string[]): boolean {
  const meanings = new Set(a.map(meaningKey));
  return b.some((t) => meanings.has(meaningKey(t)));
}

/** Drops one leading optional English word ("to speak" → "speak"); keeps a lone "the". */
export function englishCore(normalized: string): string {
  for (const word of ENGLISH_OPTIONAL_WORDS) {
    if (normalized.startsWith(`${word} `) && normalized.length > word.length + 1) {
      return normalized.slice(word.length + 1);
    }
  }
  return normalized;
}

interface TypedArticle {
  /** Normalised article the learner typed, or null. */
  article: string | null;
  core: string;
}

/** Splits "la casa" / "l'homme" / "l' homme" into article and noun, when it starts with one of `articles`. */
function splitArticle(typed: string, articles: readonly string[]): TypedArticle {
  // Longest first, so that "les" is not read as "le" + "s…".
  for (const article of [...articles].sort((a, b) => b.length - a.length)) {
    const elided = article.endsWith("'");
    if (elided ? typed.startsWith(article) : typed.startsWith(`${article} `)) {
      const core = typed.slice(article.length).trimStart();
      if (core !== '') return { article, core };
    }
  }
  return { article: null, core: typed };
}

type Match =
  | { verdict: 'correct' }
  | { verdict: 'almost'; reason: AlmostReason }
  | { verdict: 'wrong'; accentOnly?: boolean; typoOnly?: boolean };

const RANK = { correct: 0, accent: 1, article: 2, typo: 3, wrong: 4 } as const;
function rank(match: Match): number {
  // An unforgiven accent slip is still the nearest wrong reading: it is the one whose mark the quiz names.
  // An unforgiven typo (a short word) comes next: its letters are marked.
  if (match.verdict === 'wrong')
    return match.accentOnly ? RANK.wrong - 0.5 : match.typoOnly ? RANK.wrong - 0.25 : RANK.wrong;
  return match.verdict === 'almost' ? RANK[match.reason] : RANK.correct;
}

const MARK_NAMES: Readonly<Record<string, Diacritic>> = { '\u0303': 'tilde', '\u0327': 'cedilla' };

/**
 * Which mark tells `typed` from `expected` when they differ only by diacritics: the first mark the expected form
 * has and the typed one lacks, else the first one typed in excess ("canciòn"). German's ¨ is an umlaut, the other
 * languages' a diaeresis; acute, grave and circumflex are all "accent".
 */
export function missingDiacritic(typed: string, expected: string, locale: string): Diacritic {
  if (expected.includes('ß') && !typed.includes('ß')) return 'eszett';
  if (/[æœ]/u.test(expected) && !/[æœ]/u.test(typed)) return 'ligature';
  const marks = (text: string): string[] => text.normalize('NFD').match(/\p{M}/gu) ?? [];
  const left = marks(typed);
  const missing = marks(expected).find((mark) => {
    const at = left.indexOf(mark);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
  const mark = missing ?? left[0] ?? '';
  if (mark === '\u0308') return /^de(?:$|[-_])/i.test(locale) ? 'umlaut' : 'diaeresis';
  return MARK_NAMES[mark] ?? 'accent';
}

function letterCount(text: string): number {
  return text.match(/\p{L}/gu)?.length ?? 0;
}

/** Compares two article-free forms. `forgive` is false when the typed form is another word of the deck. */
function compareCores(
  typed: string,
  expected: string,
  { strictAccents, forgive }: { strictAccents: boolean; forgive: boolean },
): Match {
  if (typed === expected) return { verdict: 'correct' };
  const typedFolded = foldDiacritics(typed);
  const expectedFolded = foldDiacritics(expected);
  if (typedFolded === expectedFolded) {
    // Still wrong when strict or when the typed form is another word ("si" for "sí"), but the mark is named.
    return strictAccents || !forgive ? { verdict: 'wrong', accentOnly: true } : { verdict: 'almost', reason: 'accent' };
  }
  if (!forgive) return { verdict: 'wrong' };
  // With strict accents a changed accent is a real error, so the typo must be found in the accented forms;
  // otherwise accents are ignored and one more slip is forgiven on top.
  const distance = strictAccents ? editDistance(typed, expected, 1) : editDistance(typedFolded, expectedFolded, 1);
  if (distance !== 1) return { verdict: 'wrong' };
  // Under 5 letters one slip often makes another word: not forgiven, but still shown as a slip.
  return letterCount(expected) < MIN_LETTERS_FOR_TYPO
    ? { verdict: 'wrong', typoOnly: true }
    : { verdict: 'almost', reason: 'typo' };
}

/**
 * The article check: the right one passes, a mis-elision ("le homme") is a typo, another gender is wrong. Where
 * the article is required (German), a missing one and another one are the same slip, `almost` "mind the article":
 * grading a left-out article above a wrong one would teach learners to leave it out.
 */
function judgeArticle(
  typed: string | null,
  { noun, article, locale, required }: { noun: string; article: string; locale: string; required: boolean },
): Match {
  const slip: Match = required ? { verdict: 'almost', reason: 'article' } : { verdict: 'wrong' };
  if (typed === null) return required ? slip : { verdict: 'correct' };
  const right = normalizeAnswer(articleBefore(noun, article, locale), locale);
  if (typed === right) return { verdict: 'correct' };
  const sameArticle = normalizeAnswer(article, locale);
  const misElided = canElide(article, locale) && (typed === sameArticle || typed === ELIDED_ARTICLE);
  return misElided ? { verdict: 'almost', reason: 'typo' } : slip;
}

/**
 * Two slips (a mis-elided article and a typo in the noun) are one too many. A German article slip with an accent
 * slip ("Strasse" for "die Straße") stays `almost`, graded for the article: ß and umlauts are not the gender.
 */
function combine(article: Match, noun: Match): Match {
  if (article.verdict === 'wrong') return { verdict: 'wrong' };
  if (noun.verdict === 'wrong') return article.verdict === 'correct' ? noun : { verdict: 'wrong' };
  if (article.verdict === 'correct') return noun;
  if (noun.verdict === 'correct') return article;
  return article.reason === 'article' && noun.reason === 'accent' ? article : { verdict: 'wrong' };
}

/**
 * Where `form` differs from `typed`, one slip apart: the letters between their common beginning and common end
 * ("per[r]o" for "pero"), as a [start, end) range of `form`.
 */
export function differingLetters(typed: string, form: string): [number, number] {
  let start = 0;
  while (start < typed.length && start < form.length && typed[start] === form[start]) start += 1;
  let end = 0;
  const room = Math.min(typed.length, form.length) - start;
  while (end < room && typed[typed.length - 1 - end] === form[form.length - 1 - end]) end += 1;
  return [start, form.length - end];
}

/** Normalised forms of the accepted answers of `keys`: build the `otherAnswers` set for a deck once. */
export function otherAnswerSet(keys: Iterable<AnswerKey>): Set<string> {
  const set = new Set<string>();
  for (const key of keys) {
    for (const form of key.accepted) {
      const normalized = normalizeAnswer(form, key.locale);
      set.add(normalized);
      if (isEnglish(key.locale)) set.add(englishCore(normalized));
    }
  }
  return set;
}

/** A wrong answer that names another word of the language says which, and whether it has the asked meaning. */
function withTypedWord(
  result: CheckResult,
  { answer, core }: { answer: string; core: string },
  { key, own, options }: { key: AnswerKey; own: ReadonlySet<string>; options: CheckOptions },
): CheckResult {
  const entry = options.entryOf?.(answer) ?? options.entryOf?.(core);
  if (!entry || own.has(normalizeAnswer(entry.word, key.locale))) return result;
  const alsoRight = key.meanings !== undefined && shareMeaning(key.meanings, entry.translations);
  return { ...result, typedWord: entry, ...(alsoRight ? { alsoRight } : {}) };
}

export function checkAnswer(typed: string, key: AnswerKey, options: CheckOptions = {}): CheckResult {
  const { locale } = key;
  const article = key.article ? key.article : null;
  const english = isEnglish(locale);
  const strictAccents = options.strictAccents ?? false;
  const first = key.accepted[0] ?? '';
  const fallback: CheckResult = { verdict: 'wrong', expected: withArticle(first, article, locale) };

  const answer = normalizeAnswer(typed, locale);
  if (answer === '') return fallback;

  const alternatives = key.accepted.map((form) => {
    const normalized = normalizeAnswer(form, locale);
    return { form, core: english ? englishCore(normalized) : normalized };
  });

  // The current word's own forms are not "other" words, even if the caller's set includes the whole deck.
  const own = new Set(alternatives.flatMap(({ form, core }) => [normalizeAnswer(form, locale), core]));
  const isOtherWord = (text: string): boolean => !own.has(text) && (options.otherAnswers?.has(text) ?? false);

  const required = article !== null && key.articleRequired === true;
  const articles = article
    ? [...new Set([...(key.articles ?? []), article, ELIDED_ARTICLE].map((a) => normalizeAnswer(a, locale)))]
    : [];
  const split = splitArticle(answer, articles);
  const typedCore = english ? englishCore(answer) : split.core;
  const forgive = !isOtherWord(answer) && !isOtherWord(typedCore);

  let best: { match: Match; form: string } | null = null;
  for (const { form, core } of alternatives) {
    let match: Match;
    if (answer === core || (english && typedCore === core)) {
      // Covers a noun whose own spelling starts like an article; a required article is still missing.
      match = required ? { verdict: 'almost', reason: 'article' } : { verdict: 'correct' };
    } else if (article) {
      match = combine(
        judgeArticle(split.article, { noun: form, article, locale, required }),
        compareCores(split.core, core, { strictAccents, forgive }),
      );
    } else {
      match = compareCores(typedCore, core, { strictAccents, forgive });
    }
    if (best === null || rank(match) < rank(best.match)) best = { match, form };
    if (match.verdict === 'correct') break;
  }

  if (best === null) return fallback;
  const expected = withArticle(best.form, article, locale);
  const typedNoun = english ? typedCore : article ? split.core : answer;
  const diacritic = (): Diacritic => missingDiacritic(typedNoun, normalizeAnswer(best.form, locale), locale);
  // The slip's letters, in `expected`: the form is its end ("el perro"), compared as typed (lower case).
  const misspelt = (): { misspelt?: readonly [number, number] } => {
    const form = normalizeAnswer(best.form, locale);
    const typedForm = english ? englishCore(form) : form;
    const at = expected.length - typedForm.length;
    if (at < 0 || normalizeAnswer(expected.slice(at), locale) !== typedForm) return {};
    const [start, end] = differingLetters(typedNoun, typedForm);
    return start < end ? { misspelt: [at + start, at + end] } : {};
  };
  if (best.match.verdict === 'wrong') {
    const { accentOnly, typoOnly } = best.match;
    const wrong: CheckResult = accentOnly
      ? { verdict: 'wrong', expected, diacritic: diacritic() }
      : typoOnly
        ? { verdict: 'wrong', expected, ...misspelt() }
        : fallback;
    return english ? wrong : withTypedWord(wrong, { answer, core: split.core }, { key, own, options });
  }
  if (best.match.verdict === 'almost') {
    const { reason } = best.match;
    const detail = reason === 'accent' ? { diacritic: diacritic() } : reason === 'typo' ? misspelt() : {};
    return { verdict: 'almost', expected, reason, ...detail };
  }
  return { verdict: 'correct', expected };
}
