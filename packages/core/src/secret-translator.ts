/**
 * The secret-language translator: word-for-word over the built-in pair list, in either direction. Text between
 * words (spaces, line breaks, punctuation, digits) is kept exactly; a word the list does not know is kept as
 * typed and marked, so the screen can show which parts were not translated.
 */
import type { SecretPair } from './deck.js';

export type SecretDirection = 'toSecret' | 'toEnglish';

/** A piece of the translation. Text between words is `known`; so is every translated word. */
export interface TranslationToken {
  text: string;
  known: boolean;
}

/** A word: letters (with combining marks) and digits, with inner apostrophes ("don't", "l'amor"). */
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;

interface Entry {
  /** The translation as the list writes it. */
  target: string;
  /** A name ("Anna" → "Anena"): its translation keeps its capital whatever was typed. */
  name: boolean;
}

interface Dictionary {
  /** Keyed by the lower-cased source words joined by one space: "thank you". */
  entries: Map<string, Entry>;
  /** Words in the longest source phrase, so the lookup knows how far to look ahead. */
  longest: number;
}

const key = (text: string): string => text.trim().split(/\s+/u).join(' ').toLowerCase();

function startsUpper(text: string): boolean {
  const first = Array.from(text)[0] ?? '';
  return first !== first.toLowerCase() && first === first.toUpperCase();
}

function isAllUpper(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return Array.from(letters).length > 1 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
}

function capitalise(text: string): string {
  const [first = '', ...rest] = Array.from(text);
  return first.toUpperCase() + rest.join('');
}

function buildDictionary(pairs: readonly SecretPair[], direction: SecretDirection): Dictionary {
  const entries = new Map<string, Entry>();
  let longest = 1;
  for (const pair of pairs) {
    const source = direction === 'toSecret' ? pair.english : pair.secret;
    const target = direction === 'toSecret' ? pair.secret : pair.english;
    const k = key(source);
    if (k === '' || entries.has(k)) continue;
    entries.set(k, { target, name: startsUpper(source) && startsUpper(target) });
    longest = Math.max(longest, k.split(' ').length);
  }
  return { entries, longest };
}

/** Cased like the source: a capitalised word gives a capitalised result, a shouted one a shouted result. */
function matchCase(source: string, entry: Entry): string {
  if (isAllUpper(source)) return entry.target.toUpperCase();
  if (entry.name || startsUpper(source)) return capitalise(entry.target);
  return entry.target;
}

interface WordSpan {
  text: string;
  start: number;
  end: number;
}

/**
 * Translates `text`. Phrases of several words ("thank you" ↔ "kalisu") are matched first, longest first, but
 * only across plain spaces, so punctuation between two words always separates them.
 */
export function translateSecret(
  text: string,
  pairs: readonly SecretPair[],
  direction: SecretDirection,
): TranslationToken[] {
  const dictionary = buildDictionary(pairs, direction);
  const words: WordSpan[] = Array.from(text.matchAll(WORD), (m) => ({
    text: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
  const tokens: TranslationToken[] = [];
  // Translated words and the text around them merge into one token: only unknown words stand apart.
  const pushKnown = (piece: string) => {
    const last = tokens[tokens.length - 1];
    if (last?.known) last.text += piece;
    else tokens.push({ text: piece, known: true });
  };

  let position = 0;
  let i = 0;
  while (i < words.length) {
    const first = words[i] as WordSpan;
    if (first.start > position) pushKnown(text.slice(position, first.start));

    let matched: { entry: Entry; count: number } | null = null;
    for (let count = Math.min(dictionary.longest, words.length - i); count >= 1 && !matched; count--) {
      const span = words.slice(i, i + count);
      const joinedBySpaces = span.every(
        (w, n) => n === 0 || /^[ \t]+$/u.test(text.slice((span[n - 1] as WordSpan).end, w.start)),
      );
      if (!joinedBySpaces) continue;
      const entry = dictionary.entries.get(key(span.map((w) => w.text).join(' ')));
      if (entry) matched = { entry, count };
    }

    if (matched) {
      const last = words[i + matched.count - 1] as WordSpan;
      pushKnown(matchCase(text.slice(first.start, last.end), matched.entry));
      position = last.end;
      i += matched.count;
    } else {
      tokens.push({ text: first.text, known: false });
      position = first.end;
      i += 1;
    }
  }
  if (position < text.length) pushKnown(text.slice(position));
  return tokens;
}

/** The words of a translation that were not in the list, each once, in order of appearance. */
export function unknownWords(tokens: readonly TranslationToken[]): string[] {
  return [...new Set(tokens.filter((t) => !t.known).map((t) => t.text))];
}
