import { z } from 'zod';

/**
 * A language's deck in bands of 500 words by frequency rank ("Decks that last a year"), with the share of each the
 * caller has learned, and where new words of the quiz come from.
 */
export const DeckBand = z.object({
  /** Ranks of the band's first and last words (1 and 500, 501 and 1,000, …; the last band ends at the deck's size). */
  first: z.number(),
  last: z.number(),
  /** The band's words, and how many of them are learned on the language's own card (as stats count "learned"). */
  words: z.number(),
  learned: z.number(),
});
export type DeckBand = z.infer<typeof DeckBand>;

export const DeckBands = z.object({
  deckSize: z.number(),
  bandSize: z.number(),
  bands: z.array(DeckBand),
  /**
   * The rank new words come from, as the learner chose ("Start words 1,001–1,500"); 1 when they never chose. The
   * quiz takes new words from here on, and from the words before it once those run out.
   */
  startRank: z.number(),
});
export type DeckBands = z.infer<typeof DeckBands>;

/** `POST /api/{language}/bands/start`: take new words from this band's first rank on (1: from the deck's start). */
export const BandStartBody = z.object({
  first: z.number().int().min(1).max(1_000_000),
});
export type BandStartBody = z.infer<typeof BandStartBody>;
