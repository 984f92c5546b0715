/** One word of a language's lexicon: what the answer checker and the lexicon both read. */
export interface LexiconEntry {
  word: string;
  /** The gender article of a noun, else empty. */
  article: string;
  translations: readonly string[];
  /** What tells it from other words with the same English (deck.ts `promptHint`), or empty. */
  hint: string;
}
