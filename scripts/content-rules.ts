/**
 * The decks' content rules beyond the format (docs/content.md, "Content rules"), run by `npm run content:check`:
 * - `separable-particle`: a German sentence never leaves a separable verb's particle at the end of the entry's clause
 *   ("Der Duft [lockt] die Bienen an") unless the entry is that separable verb: the sentence shows another verb
 *   (anlocken), and FORMAT.md asks for one the learner can type as one word.
 * - `shared-sentence`: no two entries use the same sentence; the second one teaches nothing of its own word.
 * - `shared-sentence-translation`: entries whose sentences have the same English each carry a hint, and the hints
 *   differ (as for a shared translation, `sharedMeaningProblems`): practised from English, the learner must know
 *   which word is asked.
 * - `needless-hint`: an entry needing none of the hints above carries none. The English prompt shows a hint beside
 *   the translation as the thing that tells two answers apart; on a word that shares nothing it reads as if another
 *   word were waiting, and a note or a fuller translation is the place for what the learner should know.
 * A deck's known violations may be listed in scripts/content-allowlist.txt while they are being fixed; a listed
 * violation that is gone is itself a problem, so the list only shrinks.
 */
import { type DeckEntry, exampleParts, exampleWords, hintedMeanings } from '@vocab/core';
import { SEPARABLE_PARTICLES, fold } from './sentence-check.js';

export const CONTENT_RULES = [
  'separable-particle',
  'shared-sentence',
  'shared-sentence-translation',
  'needless-hint',
] as const;
export type ContentRule = (typeof CONTENT_RULES)[number];

export interface RuleProblem {
  rule: ContentRule;
  word: string;
  line: number;
  message: string;
}

/** Each word's first line in the deck's text, as the other checks number them. */
function lineNumbers(text: string): (word: string) => number {
  const lineOf = new Map<string, number>();
  text.split(/\r?\n/).forEach((l, i) => {
    const word = l.split('\t')[0]?.trim().normalize('NFC');
    if (word && !lineOf.has(word)) lineOf.set(word, i + 1);
  });
  return (word) => lineOf.get(word) ?? 0;
}

/** The last word of the clause the span stands in: the words after it up to a comma or the sentence's end. */
function clauseEnd(example: string): string | null {
  const parts = exampleParts(example);
  if (!parts) return null;
  const clause = parts.after.split(/[,;:.!?]/)[0] ?? '';
  return exampleWords(clause).at(-1) ?? null;
}

/** Particles that at a clause's end are mostly adverbs of their own ("Wir essen zusammen", "Es klingelt wieder"). */
const FREE_ADVERBS = ['zusammen', 'wieder'];

function separableParticleProblems(entries: readonly DeckEntry[], lineOf: (word: string) => number): RuleProblem[] {
  return entries.flatMap((e) => {
    if (e.pos !== 'verb' || !e.example) return [];
    const last = clauseEnd(e.example);
    if (!last) return [];
    const particle = fold(last.toLowerCase());
    const separable = SEPARABLE_PARTICLES.includes(particle) && !FREE_ADVERBS.includes(particle);
    if (!separable || fold(e.word.toLowerCase()).startsWith(particle)) return [];
    const message =
      `"${e.word}": the sentence ends its clause with "${last}", the particle of a separable verb ` +
      `(${last.toLowerCase()}${e.word}); use that verb's own entry or another sentence`;
    return [{ rule: 'separable-particle' as const, word: e.word, line: lineOf(e.word), message }];
  });
}

/** Entries grouped by a key of their sentence; only the groups of two or more. */
function groupsBy(entries: readonly DeckEntry[], key: (e: DeckEntry) => string): DeckEntry[][] {
  const groups = new Map<string, DeckEntry[]>();
  for (const e of entries) {
    const k = key(e);
    if (k) groups.set(k, [...(groups.get(k) ?? []), e]);
  }
  return [...groups.values()].filter((g) => g.length > 1);
}

const sentenceKey = (text: string): string => exampleWords(text).join(' ').toLocaleLowerCase().normalize('NFC');

function sharedSentenceProblems(entries: readonly DeckEntry[], lineOf: (word: string) => number): RuleProblem[] {
  return groupsBy(entries, (e) => sentenceKey(e.example)).flatMap(([first, ...rest]) =>
    rest.map((e) => ({
      rule: 'shared-sentence' as const,
      word: e.word,
      line: lineOf(e.word),
      message: `"${e.word}": its sentence is also the sentence of "${first?.word}" (line ${lineOf(first?.word ?? '')})`,
    })),
  );
}

const sharedSentenceTranslations = (entries: readonly DeckEntry[]) =>
  groupsBy(entries, (e) => sentenceKey(e.exampleTranslation));

function sharedTranslationProblems(entries: readonly DeckEntry[], lineOf: (word: string) => number): RuleProblem[] {
  return sharedSentenceTranslations(entries).flatMap((group) => {
    const words = group.map((e) => e.word).join(', ');
    const hints = group.map((e) => e.hint);
    const unhinted = group.filter((e) => e.hint === '' || hints.filter((h) => h === e.hint).length > 1);
    return unhinted.map((e) => ({
      rule: 'shared-sentence-translation' as const,
      word: e.word,
      line: lineOf(e.word),
      message:
        `"${e.word}": ${words} have the same English sentence ("${e.exampleTranslation}"); ` +
        'each needs a hint of its own, or a sentence with other English',
    }));
  });
}

function needlessHintProblems(entries: readonly DeckEntry[], lineOf: (word: string) => number): RuleProblem[] {
  const hinted = new Set([
    ...hintedMeanings(entries).flatMap((g) => g.entries),
    ...sharedSentenceTranslations(entries).flat(),
  ]);
  return entries
    .filter((e) => e.hint !== '' && !hinted.has(e))
    .map((e) => ({
      rule: 'needless-hint' as const,
      word: e.word,
      line: lineOf(e.word),
      message:
        `"${e.word}": its hint "${e.hint}" tells it from no other entry (no translation of the same part of ` +
        'speech, no sentence English shared); empty it, or move what it says to the translation or note',
    }));
}

/** Every content rule's problems in one deck; the separable-verb rule only for German. */
export function contentRuleProblems(language: string, text: string, entries: readonly DeckEntry[]): RuleProblem[] {
  const lineOf = lineNumbers(text);
  return [
    ...(language === 'german' ? separableParticleProblems(entries, lineOf) : []),
    ...sharedSentenceProblems(entries, lineOf),
    ...sharedTranslationProblems(entries, lineOf),
    ...needlessHintProblems(entries, lineOf),
  ];
}

/** An allow-list line: `<rule> <language> <word>` (the word may have spaces); `#` comments and blank lines. */
export interface Allowed {
  rule: string;
  language: string;
  word: string;
  line: number;
}

export function parseAllowList(text: string): { allowed: Allowed[]; problems: string[] } {
  const allowed: Allowed[] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const [rule = '', language = '', ...word] = line.split(/\s+/);
    if (!(CONTENT_RULES as readonly string[]).includes(rule) || word.length === 0) {
      problems.push(`line ${i + 1}: expected "<rule> <language> <word>" with a rule among ${CONTENT_RULES.join(', ')}`);
      return;
    }
    allowed.push({ rule, language, word: word.join(' ').normalize('NFC'), line: i + 1 });
  });
  return { allowed, problems };
}

const allowKey = (rule: string, language: string, word: string) => `${rule}\t${language}\t${word}`;

/**
 * The problems the allow-list does not name, and the allow-list's lines that name no problem any more (each to be
 * removed). `checked` are the languages whose decks were checked: lines of other languages are left alone.
 */
export function applyAllowList(
  found: ReadonlyArray<RuleProblem & { language: string }>,
  allowed: readonly Allowed[],
  checked: readonly string[],
): { problems: Array<RuleProblem & { language: string }>; allowedCount: number; stale: Allowed[] } {
  const listed = new Set(allowed.map((a) => allowKey(a.rule, a.language, a.word)));
  const present = new Set(found.map((p) => allowKey(p.rule, p.language, p.word)));
  const problems = found.filter((p) => !listed.has(allowKey(p.rule, p.language, p.word)));
  const gone = (a: Allowed) => checked.includes(a.language) && !present.has(allowKey(a.rule, a.language, a.word));
  return { problems, allowedCount: found.length - problems.length, stale: allowed.filter(gone) };
}
