/**
 * The deck file format (content/decks/FORMAT.md): TSV, `#` comments, a fixed header, one lemma per row.
 * Parsing is pure so that the server's loader and the CI content check read decks the same way.
 */

export const DECK_HEADER = ['word', 'translation', 'pos', 'article', 'note'] as const;
export const PARTS_OF_SPEECH = ['noun', 'verb', 'adj', 'adv', 'pron', 'det', 'prep', 'conj', 'num', 'interj'] as const;
export type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

export interface DeckEntry {
  word: string;
  /** Every accepted English translation, most common first. */
  translations: string[];
  pos: PartOfSpeech;
  article: string;
  note: string;
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
  value.split(';').map((t) => t.trim()).filter(Boolean);

export function parseDeck(text: string, articles: readonly string[]): ParsedDeck {
  const entries: DeckEntry[] = [];
  const problems: DeckProblem[] = [];
  const seen = new Map<string, number>();
  let headerSeen = false;
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '' || raw.startsWith('#')) return;
    const cells = raw.split('\t');
    if (!headerSeen) {
      headerSeen = true;
      if (cells.join('\t') !== DECK_HEADER.join('\t')) problems.push({ line, message: `header must be: ${DECK_HEADER.join(' | ')}` });
      return;
    }
    if (cells.length !== DECK_HEADER.length) {
      problems.push({ line, message: `expected ${DECK_HEADER.length} tab-separated columns, found ${cells.length}` });
      return;
    }
    const [word = '', translation = '', pos = '', article = '', note = ''] = cells.map((c) => c.trim().normalize('NFC'));
    const translations = splitTranslations(translation);
    if (!word) problems.push({ line, message: 'word is empty' });
    if (translations.length === 0) problems.push({ line, message: `"${word}" has no translation` });
    if (/[/()]/.test(translation)) problems.push({ line, message: `"${word}": translations take no "/" or parentheses; use ";" and the note column` });
    if (!(PARTS_OF_SPEECH as readonly string[]).includes(pos)) problems.push({ line, message: `"${word}": unknown part of speech "${pos}"` });
    if (pos === 'noun' && !article) problems.push({ line, message: `noun "${word}" needs an article` });
    if (article && pos !== 'noun') problems.push({ line, message: `"${word}" is a ${pos} but has an article` });
    if (article && !articles.includes(article)) problems.push({ line, message: `"${word}": article "${article}" is not one of ${articles.join(', ')}` });
    const key = word.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) problems.push({ line, message: `"${word}" duplicates line ${first}` });
    else seen.set(key, line);
    if (new Set(translations.map((t) => t.toLowerCase())).size !== translations.length) {
      problems.push({ line, message: `"${word}" repeats a translation` });
    }
    entries.push({ word, translations, pos: pos as PartOfSpeech, article, note, rank: entries.length + 1 });
  });
  if (!headerSeen) problems.push({ line: 1, message: 'the deck has no header row' });
  return { entries, problems };
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
