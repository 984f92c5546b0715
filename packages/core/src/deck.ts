/**
 * The deck file format (content/decks/FORMAT.md): TSV, `#` comments, a fixed header, one lemma per row.
 * Parsing is pure so that the server's loader and the CI content check read decks the same way.
 */
import { meaningKey } from './answer-checker.js';

export const DECK_HEADER = [
  'word',
  'translation',
  'pos',
  'article',
  'note',
  'hint',
  'example',
  'example_translation',
] as const;
export const PARTS_OF_SPEECH = ['noun', 'verb', 'adj', 'adv', 'pron', 'det', 'prep', 'conj', 'num', 'interj'] as const;
export type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

export interface DeckEntry {
  word: string;
  /** Every accepted English translation, most common first. */
  translations: string[];
  pos: PartOfSpeech;
  article: string;
  note: string;
  /**
   * What the English prompt adds to tell this word from other entries with the same English ("informal, one
   * person"); required when a translation is shared (see `sharedMeaningProblems`), empty otherwise (the content
   * check's `needless-hint`).
   */
  hint: string;
  /**
   * A short sentence in the language using the entry in the sense of its translation, with the entry's form as it
   * stands in the sentence in square brackets (`Mi [casa] es pequeña.`); empty where the entry has none yet.
   */
  example: string;
  /** The example's English translation; empty exactly when `example` is. */
  exampleTranslation: string;
  /** 1-based frequency rank: the entry's position in the file. */
  rank: number;
}

export interface DeckProblem {
  line: number;
  message: string;
}

export interface ParsedDeck {
  entries: DeckEntry[];
  problems: DeckProblem[];
}

/** Splits a stored translation string ("house; home") into its alternatives. */
export const splitTranslations = (value: string): string[] =>
  value
    .split(';')
    .map((t) => t.trim())
    .filter(Boolean);

export function parseDeck(text: string, articles: readonly string[]): ParsedDeck {
  const entries: DeckEntry[] = [];
  const problems: DeckProblem[] = [];
  const seen = new Map<string, number>();
  let headerSeen = false;
  const columns = DECK_HEADER.length;
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '' || raw.startsWith('#')) return;
    const cells = raw.split('\t');
    if (!headerSeen) {
      headerSeen = true;
      if (cells.join('\t') !== DECK_HEADER.join('\t'))
        problems.push({ line, message: `header must be: ${DECK_HEADER.join(' | ')}` });
      return;
    }
    if (cells.length !== columns) {
      problems.push({ line, message: `expected ${columns} tab-separated columns, found ${cells.length}` });
      return;
    }
    const [
      word = '',
      translation = '',
      pos = '',
      article = '',
      note = '',
      hint = '',
      example = '',
      exampleTranslation = '',
    ] = cells.map((c) => c.trim().normalize('NFC'));
    const translations = splitTranslations(translation);
    if (!word) problems.push({ line, message: 'word is empty' });
    if (translations.length === 0) problems.push({ line, message: `"${word}" has no translation` });
    if (/[/()]/.test(translation))
      problems.push({
        line,
        message: `"${word}": translations take no "/" or parentheses; use ";" and the note column`,
      });
    if (!(PARTS_OF_SPEECH as readonly string[]).includes(pos))
      problems.push({ line, message: `"${word}": unknown part of speech "${pos}"` });
    if (pos === 'noun' && !article) problems.push({ line, message: `noun "${word}" needs an article` });
    if (article && pos !== 'noun') problems.push({ line, message: `"${word}" is a ${pos} but has an article` });
    if (article && !articles.includes(article))
      problems.push({ line, message: `"${word}": article "${article}" is not one of ${articles.join(', ')}` });
    const key = word.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) problems.push({ line, message: `"${word}" duplicates line ${first}` });
    else seen.set(key, line);
    if (new Set(translations.map((t) => t.toLowerCase())).size !== translations.length) {
      problems.push({ line, message: `"${word}" repeats a translation` });
    }
    if (/[()]/.test(hint) || hint.length > MAX_HINT_LENGTH) {
      problems.push({
        line,
        message: `"${word}": a hint is at most ${MAX_HINT_LENGTH} characters, without parentheses`,
      });
    }
    for (const message of exampleProblems(example, exampleTranslation))
      problems.push({ line, message: `"${word}": ${message}` });
    entries.push({
      word,
      translations,
      pos: pos as PartOfSpeech,
      article,
      note,
      hint,
      example,
      exampleTranslation,
      rank: entries.length + 1,
    });
  });
  if (!headerSeen) problems.push({ line: 1, message: 'the deck has no header row' });
  return { entries, problems };
}

const MAX_HINT_LENGTH = 40;
export const EXAMPLE_WORDS = { min: 4, max: 12 } as const;

/** The example split around its one bracketed span: the text before, the entry's form, the text after. */
export function exampleParts(example: string): { before: string; form: string; after: string } | null {
  const match = /^([^[\]]*)\[([^[\]]+)\]([^[\]]*)$/.exec(example);
  if (!match) return null;
  return { before: match[1] ?? '', form: match[2] ?? '', after: match[3] ?? '' };
}

/** The example's words, brackets and punctuation left out ("l'[homme]" counts as one word). */
export const exampleWords = (example: string): string[] =>
  example
    .replace(/[[\]]/g, '')
    .split(/\s+/)
    .map((w) => w.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, ''))
    .filter(Boolean);

function exampleProblems(example: string, translation: string): string[] {
  if (!example && !translation) return [];
  if (!example || !translation) return ['an example needs both the sentence and its translation'];
  const problems: string[] = [];
  if (!exampleParts(example)) problems.push('the example must mark the entry with exactly one [bracketed] span');
  if (/[[\]]/.test(translation)) problems.push("the example's translation takes no brackets");
  const count = exampleWords(example).length;
  if (count < EXAMPLE_WORDS.min || count > EXAMPLE_WORDS.max) {
    problems.push(`the example has ${count} words; it needs ${EXAMPLE_WORDS.min} to ${EXAMPLE_WORDS.max}`);
  }
  return problems;
}

/**
 * The entries that share an English meaning with another entry of the deck, by meaning. A prompt in English
 * must say which of them it wants: the part of speech does where it differs ("that": conjunction or pronoun),
 * the entry's hint where it does not.
 */
export function sharedMeanings<E extends Pick<DeckEntry, 'translations'>>(entries: readonly E[]): Map<string, E[]> {
  const byMeaning = new Map<string, E[]>();
  for (const entry of entries) {
    for (const meaning of new Set(entry.translations.map(meaningKey))) {
      const list = byMeaning.get(meaning);
      if (list) list.push(entry);
      else byMeaning.set(meaning, [entry]);
    }
  }
  for (const [meaning, list] of byMeaning) if (list.length < 2) byMeaning.delete(meaning);
  return byMeaning;
}

/**
 * An English prompt never has two right answers without saying which it wants: entries of the same part of
 * speech that share a translation each need a hint, and their hints must differ. A content rule for
 * `npm run content:check`, not a format error: a deck missing hints still loads.
 */
export function sharedMeaningProblems(text: string, entries: readonly DeckEntry[]): DeckProblem[] {
  const lines = text.split(/\r?\n/);
  const lineOf = (entry: DeckEntry): number =>
    1 + lines.findIndex((l) => l.split('\t')[0]?.trim().normalize('NFC') === entry.word);
  const problems: DeckProblem[] = [];
  for (const { meaning, pos, entries: samePos } of hintedMeanings(entries)) {
    const words = samePos.map((e) => e.word).join(', ');
    for (const entry of samePos.filter((e) => e.hint === '')) {
      problems.push({
        line: lineOf(entry),
        message: `"${entry.word}" shares "${meaning}" (${pos}) with ${words}: it needs a hint`,
      });
    }
    const hints = samePos.map((e) => e.hint).filter(Boolean);
    if (new Set(hints).size !== hints.length) {
      problems.push({
        line: lineOf(samePos[0] as DeckEntry),
        message: `${words} share "${meaning}" (${pos}) and a hint: hints must differ`,
      });
    }
  }
  return problems;
}

/**
 * The meanings an English prompt needs hints for: those two or more entries of one part of speech share (where the
 * parts of speech differ, the prompt names them instead). Each entry of a group needs a hint of its own.
 */
export function hintedMeanings(
  entries: readonly DeckEntry[],
): Array<{ meaning: string; pos: PartOfSpeech; entries: DeckEntry[] }> {
  return [...sharedMeanings(entries)].flatMap(([meaning, sharing]) =>
    [...new Set(sharing.map((e) => e.pos))]
      .map((pos) => ({ meaning, pos, entries: sharing.filter((e) => e.pos === pos) }))
      .filter((group) => group.entries.length > 1),
  );
}

const POS_NAMES: Readonly<Record<PartOfSpeech, string>> = {
  noun: 'noun',
  verb: 'verb',
  adj: 'adjective',
  adv: 'adverb',
  pron: 'pronoun',
  det: 'determiner',
  prep: 'preposition',
  conj: 'conjunction',
  num: 'number',
  interj: 'interjection',
};

/**
 * What an English prompt shows beside the translation to say which word it wants: the entry's hint, or, where it
 * shares a meaning only with words of other parts of speech, its part of speech; empty when nothing is shared.
 * `shared` is `sharedMeanings` of the whole deck.
 */
export function promptHint(entry: DeckEntry, shared: ReadonlyMap<string, readonly DeckEntry[]>): string {
  if (entry.hint) return entry.hint;
  const sharing = entry.translations.some((t) => shared.has(meaningKey(t)));
  return sharing ? POS_NAMES[entry.pos] : '';
}

export interface SecretPair {
  english: string;
  secret: string;
}

/** The secret language: `english<TAB>secret` rows under a header, every word unique on both sides. */
export function parseSecretLanguage(text: string): { pairs: SecretPair[]; problems: DeckProblem[] } {
  const pairs: SecretPair[] = [];
  const problems: DeckProblem[] = [];
  const english = new Set<string>();
  const secret = new Set<string>();
  let headerSeen = false;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '' || raw.startsWith('#')) return;
    if (!headerSeen) {
      headerSeen = true;
      if (raw.trim() !== 'english\tsecret') problems.push({ line, message: 'header must be: english | secret' });
      return;
    }
    const [en = '', se = '', ...rest] = raw.split('\t').map((c) => c.trim());
    if (!en || !se || rest.length > 0) {
      problems.push({ line, message: 'expected two non-empty columns' });
      return;
    }
    if (english.has(en.toLowerCase())) problems.push({ line, message: `"${en}" appears twice` });
    if (secret.has(se.toLowerCase())) problems.push({ line, message: `secret word "${se}" appears twice` });
    english.add(en.toLowerCase());
    secret.add(se.toLowerCase());
    pairs.push({ english: en, secret: se });
  });
  return { pairs, problems };
}
