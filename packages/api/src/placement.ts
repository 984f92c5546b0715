import { PLACEMENT_MAX_PROMPTS } from '@vocab/core';
import { z } from 'zod';

/**
 * The placement test (docs/decisions/0012-placement-test.md). It keeps no state on the server: the
 * browser sends every answer so far with each call, and the server judges them again each time, picks the next
 * words, and on finishing computes the level from its own verdicts.
 */

/** One word asked, as the learner answered it: the typed text, or null for "I don't know". */
export const PlacementAnswer = z.object({
  wordId: z.number().int().positive().max(2_147_483_647),
  typed: z.string().max(200).nullable(),
});
export type PlacementAnswer = z.infer<typeof PlacementAnswer>;

/** `POST /api/{language}/placement/next` and `POST /api/{language}/placement`: the answers so far, each word once. */
export const PlacementAnswers = z.object({
  answers: z
    .array(PlacementAnswer)
    .max(PLACEMENT_MAX_PROMPTS)
    .refine(
      (answers) => new Set(answers.map((a) => a.wordId)).size === answers.length,
      'each word may be answered once',
    ),
});
export type PlacementAnswers = z.infer<typeof PlacementAnswers>;

/**
 * A word to ask, shown as the language's quiz shows it on its own card (Spanish shown in Spanish, the others in
 * English).
 */
export const PlacementWord = z.object({
  id: z.number(),
  prompt: z.string(),
  /** Which of the words sharing an English prompt is wanted; empty if none. */
  hint: z.string(),
});
export type PlacementWord = z.infer<typeof PlacementWord>;

/** The next words to ask, or the test is over and the answers can be sent to finish it. */
export const PlacementStep = z.discriminatedUnion('done', [
  z.object({
    done: z.literal(false),
    words: z.array(PlacementWord),
    /** Words answered so far and the most the test asks. */
    asked: z.number(),
    maxPrompts: z.number(),
    /**
     * How many words the test will likely ask in all (at least 16, growing a step at a time while the level is
     * unclear): the progress bar, which must not promise 36 words to a test that may end after 16.
     */
    expectedPrompts: z.number(),
  }),
  z.object({ done: z.literal(true), asked: z.number(), maxPrompts: z.number() }),
]);
export type PlacementStep = z.infer<typeof PlacementStep>;

/** A finished test: the learner knows about `level` of the deck's `deckSize` most common words. */
export const PlacementResult = z.object({
  level: z.number(),
  deckSize: z.number(),
  /** Words this test marked as known (words that had a card already are left as they were). */
  marked: z.number(),
  takenAt: z.number(),
});
export type PlacementResult = z.infer<typeof PlacementResult>;

/** `GET /api/{language}/placement`: the caller's latest result in the language, or null if they never took it. */
export const PlacementRecord = z.object({ result: PlacementResult.nullable() });
export type PlacementRecord = z.infer<typeof PlacementRecord>;
