import { z } from 'zod';

/**
 * What user-written text may hold. Invisible characters and direction overrides make a word or a name look like
 * another (or reverse what follows it on screen), and a line break in a name ends up in mail headers; none belongs
 * in a word, a translation, a name or an address. A contact message may run over several lines and use the joiners
 * that emoji and some scripts need, but not the rest.
 */
const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);
const isLineBreakOrTab = (code: number) => code === 0x09 || code === 0x0a || code === 0x0d;
/** Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). */
const isBidiControl = (code: number) => (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
/** Zero-width space, word joiner, byte-order mark, the line and paragraph separators. */
const INVISIBLE = new Set([0x200b, 0x2060, 0xfeff, 0x2028, 0x2029]);
/** Joiners and direction marks: needed by some scripts and emoji in prose, never in a single word or name. */
const JOINERS_AND_MARKS = new Set([0x200c, 0x200d, 0x200e, 0x200f, 0x061c]);

const codePoints = (value: string): number[] => Array.from(value, (char) => char.codePointAt(0) ?? 0);

/** Why a one-line field (a word, a name) is refused, or null when it is fine. */
export function lineTextProblem(value: string): string | null {
  const codes = codePoints(value);
  if (codes.some(isControl)) return 'must be one line without control characters';
  if (codes.some((c) => isBidiControl(c) || INVISIBLE.has(c) || JOINERS_AND_MARKS.has(c))) {
    return 'must not contain invisible or direction-changing characters';
  }
  return null;
}

/** Why a text of several lines (a message) is refused, or null when it is fine. */
export function paragraphTextProblem(value: string): string | null {
  const codes = codePoints(value);
  if (codes.some((c) => isControl(c) && !isLineBreakOrTab(c))) return 'must not contain control characters';
  if (codes.some((c) => isBidiControl(c) || INVISIBLE.has(c)))
    return 'must not contain invisible or direction-changing characters';
  return null;
}

/** A trimmed, bounded, required text field that `problem` accepts. */
export function checkedText(max: number, what: string, problem: (value: string) => string | null) {
  return z
    .string()
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} is too long`)
    .superRefine((value, ctx) => {
      const found = problem(value);
      if (found) ctx.addIssue({ code: 'custom', message: `${what} ${found}` });
    });
}

/** Scripts a username's letters are told apart by; a letter of any other script counts as its own. */
const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Devanagari',
  'Bengali',
  'Tamil',
  'Thai',
  'Hangul',
  'Hiragana',
  'Katakana',
  'Han',
].map((name) => ({ name, pattern: new RegExp(`\\p{Script=${name}}`, 'u') }));

/** Scripts written together in one language: Japanese, and Korean with Han characters. */
const MIXED_WRITING_SYSTEMS = [new Set(['Han', 'Hiragana', 'Katakana']), new Set(['Han', 'Hangul'])];

/**
 * Whether the letters of `value` come from one script (digits and punctuation belong to none). "аlice" with a
 * Cyrillic а looks like "alice" and is not one script, so it is refused; Japanese mixes its three by design.
 */
export function isSingleScript(value: string): boolean {
  const scripts = new Set<string>();
  for (const char of value) {
    if (!/\p{L}/u.test(char)) continue;
    scripts.add(SCRIPTS.find((s) => s.pattern.test(char))?.name ?? `other:${char}`);
  }
  if (scripts.size <= 1) return true;
  return MIXED_WRITING_SYSTEMS.some((system) => [...scripts].every((s) => system.has(s)));
}
