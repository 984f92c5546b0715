/**
 * A language's words as the answer checker needs them: every answer form (so that no typo tolerance accepts
 * another real word), and which word a typed form is, with its meaning (so that the quiz can say "*si* means
 * 'if'", or take another word with the asked meaning as also right). Built once per language, by the server
 * from its words and by the browser from the lexicon call, with the same code.
 */
import { normalizeAnswer, otherAnswerSet } from './answer-checker.js';
import { withArticle } from './article-elision.js';
import type { Language } from './languages.js';
import type { LexiconEntry } from './lexicon-entry.js';

export type { LexiconEntry };

export interface Lexicon {
  /** Normalised answer forms of every word, foreign and English: see `CheckOptions.otherAnswers`. */
  otherAnswers: ReadonlySet<string>;
  /** The word a typed foreign answer is ("si", "la casa"), if it is one. */
  entryOf(typed: string): LexiconEntry | undefined;
}

export function buildLexicon(entries: readonly LexiconEntry[], language: Pick<Language, 'locale'>): Lexicon {
  const { locale } = language;
  const byForm = new Map<string, LexiconEntry>();
  for (const entry of entries) {
    for (const form of [entry.word, withArticle(entry.word, entry.article || null, locale)]) {
      const key = normalizeAnswer(form, locale);
      if (!byForm.has(key)) byForm.set(key, entry);
    }
  }
  const otherAnswers = otherAnswerSet([
    { accepted: entries.map((e) => e.word), locale },
    { accepted: entries.flatMap((e) => e.translations), locale: 'en' },
  ]);
  return { otherAnswers, entryOf: (typed) => byForm.get(normalizeAnswer(typed, locale)) };
}
