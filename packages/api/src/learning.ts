import { DIRECTIONS, LANGUAGE_CODES, LEGACY_DIRECTIONS } from '@vocab/core';
import { z } from 'zod';
import { checkedText, lineTextProblem, paragraphTextProblem } from './text-rules.js';

/** A language in a URL or body: one of the catalogue's names, in any letter case ("Spanish"), read as lower case. */
export const LanguageParam = z.string().toLowerCase().pipe(z.enum(LANGUAGE_CODES));

/** A word as the learner sees it, with the caller's own card for it (Word, plus fields). */
export const Word = z.object({
  _id: z.string(),
  word: z.string(),
  /** Translations joined by "; " (the original's shape); `translations` has them one by one. */
  translation: z.string(),
  translations: z.array(z.string()),
  answeredCorrectly: z.boolean(),
  article: z.string(),
  pos: z.string(),
  note: z.string(),
  /** What an English prompt adds to say which word it wants ("informal, one person"); empty for most words. */
  hint: z.string(),
  /**
   * A short sentence using the word, its form as it stands there in one [bracketed] span ("Mi [casa] es pequeña."),
   * and the sentence's English; null (or absent, from older servers) when the word has none.
   */
  example: z.string().nullish(),
  exampleTranslation: z.string().nullish(),
  rank: z.number(),
  /** True for a word the learner added to their own list. */
  own: z.boolean(),
  /** When the word is next due for review (epoch ms), or null if never studied. */
  due: z.number().nullable(),
});
export type Word = z.infer<typeof Word>;

export const WordList = z.array(Word);

/** Landing and languages-offered cards (Language card), with the real deck size. */
export const LanguageCard = z.object({
  id: z.number(),
  language: z.string(),
  languageLowerCase: LanguageParam,
  source: z.string(),
  languageHomePage: z.string(),
  isActive: z.boolean(),
  bg: z.string(),
  fontColor: z.string(),
  totalWords: z.number(),
});
export type LanguageCard = z.infer<typeof LanguageCard>;

/** The caller's figures in one language: the homes' percent bar, total and "Up for review: N". */
export const LanguageStats = z.object({
  language: LanguageParam,
  totalWords: z.number(),
  learnedCount: z.number(),
  /** Rounded to a whole number. */
  percentLearned: z.number(),
  dueCount: z.number(),
});
export type LanguageStats = z.infer<typeof LanguageStats>;

/**
 * A user's language record, with its figures. `wordsLearned` is the learner's whole list of the
 * language, as in the original API: every deck word and their own words, each with their `answeredCorrectly`.
 */
export const UserLanguage = LanguageStats.extend({
  /** Left out when asked with `?words=false` (our screens, which show the figures only). */
  wordsLearned: z.array(Word).optional(),
  addedAt: z.number(),
});
export type UserLanguage = z.infer<typeof UserLanguage>;

export const UnlearnedResponse = z.object({ wordsLearned: z.array(Word) });
export type UnlearnedResponse = z.infer<typeof UnlearnedResponse>;

export const Verdict = z.enum(['correct', 'almost', 'wrong']);

/**
 * Which of a word's two cards a call reads or answers (docs/decisions/0005-scheduling.md): `recognise` (the
 * foreign word shown, English typed) or `recall` (English shown, the foreign word typed). Absent, it is the card
 * the language's own original quiz asks; the old names `forward` (that card) and `reverse` (the other) still work.
 * The server resolves the name per language (core's `directionOf`).
 */
export const Direction = z.enum([...DIRECTIONS, ...LEGACY_DIRECTIONS]);
export type DirectionName = z.infer<typeof Direction>;

/** Query of the calls that list words (batch, for-review, stats): the card to read, the language's own by default. */
export const DirectionQuery = z.object({ direction: Direction.optional() });

/**
 * Optional body of every answer call. Without it the call means what the original API says (correct, or incorrect for
 * answer-word-incorrectly). `answerId` makes a retried request count once; `sessionId` marks retries within one
 * quiz as practice, so only the first answer to a word in a quiz reschedules it; `direction` names the card
 * answered (the language's own card when absent); `answeredAt` dates an answer that waited to be sent. Undo and
 * "I was right" need no direction: the answer they name knows its card.
 */
export const AnswerBody = z
  .object({
    verdict: Verdict.optional(),
    direction: Direction.optional(),
    typed: z.string().max(200).optional(),
    answerId: z
      .string()
      .min(8)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
    sessionId: z
      .string()
      .min(8)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
    /**
     * When the learner gave the answer (ISO 8601 time or epoch ms), for an answer sent later (queued offline): it is
     * scheduled and logged at that time. Accepted up to 7 days old and 5 minutes ahead of the server's clock
     * (docs/decisions/0011-offline-practice.md); absent, the answer was given now.
     */
    answeredAt: z.union([z.iso.datetime({ offset: true }), z.number().int().min(0).max(8.64e15)]).optional(),
    /**
     * The word was asked "in context" (docs/decisions/0014-words-in-context.md): its sentence with the form left
     * blank. The typed text is judged against the form as it stands in the sentence, and the answer reviews the
     * recall card, whatever `direction` says. A word without a sentence cannot be answered so (400).
     */
    context: z.boolean().optional(),
  })
  .strict()
  // What the API's docs page shows for the quiz's call: a typed answer, and one sent later from the offline queue.
  .meta({
    examples: [
      {
        verdict: 'correct',
        direction: 'recognise',
        typed: 'the house',
        answerId: 'k3v9QeX2mB7wLp0a',
        sessionId: 'quiz-20261125-a1b2',
      },
      {
        verdict: 'wrong',
        typed: 'the horse',
        answerId: 'r8TzY1uN4cVd6sHq',
        sessionId: 'quiz-20261125-a1b2',
        answeredAt: '2026-11-24T18:42:05Z',
      },
    ],
  });
export type AnswerBody = z.infer<typeof AnswerBody>;

export const AnswerResponse = z.object({
  word: Word,
  /** False when the call was a retry of an answer already recorded, or practice within a quiz. */
  scheduled: z.boolean(),
});
export type AnswerResponse = z.infer<typeof AnswerResponse>;

/** Query of the generic quiz's answer calls. The card answered is named in the body, as for the others. */
export const AnswerWordQuery = z.object({
  language: LanguageParam.optional(),
  wordId: z
    .string()
    .regex(/^\d{1,12}$/, 'wordId must be a word id')
    .transform(Number),
  word: z.string().max(200).optional(),
});

const line = (max: number, what: string) => checkedText(max, what, lineTextProblem);

/** Add-word payload. */
export const AddWordBody = z.object({
  word: line(100, 'word'),
  translation: line(300, 'translation'),
  answeredCorrectly: z.boolean().optional(),
});
export type AddWordBody = z.infer<typeof AddWordBody>;

/** An own word's new text: the same rules as adding it. */
export const OwnWordBody = AddWordBody.pick({ word: true, translation: true });
export type OwnWordBody = z.infer<typeof OwnWordBody>;

export const AddLanguageBody = z.object({ language: LanguageParam });

export const ContactBody = z.object({
  name: line(200, 'name'),
  email: z.string().trim().max(320).email('email must be an e-mail address'),
  message: checkedText(5000, 'message', paragraphTextProblem),
});
export type ContactBody = z.infer<typeof ContactBody>;

/** Secret-language entry. */
export const SecretEntry = z.object({ english: z.string(), foreign: z.string() });
export type SecretEntry = z.infer<typeof SecretEntry>;

/**
 * Every word of a language the caller sees, as core's `buildLexicon` takes them: so that the browser's typo
 * tolerance never accepts another real word, and a wrong answer that is another word can be named.
 */
export const Lexicon = z.object({
  entries: z.array(
    z.object({ word: z.string(), article: z.string(), translations: z.array(z.string()), hint: z.string() }),
  ),
});
export type Lexicon = z.infer<typeof Lexicon>;
