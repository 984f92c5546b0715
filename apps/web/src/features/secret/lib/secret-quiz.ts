import type { SecretEntry } from '@vocab/api';
import { type QuizItem, SECRET_QUIZ_LENGTH, type SecretPair, drawItems } from '@vocab/core';

/** The secret language has no locale of its own; "und" (undetermined) lower-cases it by the root rules. */
export const SECRET_LOCALE = 'und';

/** The API's entries as the core's pairs (the API names the secret side `foreign`, as the original does). */
export const secretPairs = (entries: readonly SecretEntry[]): SecretPair[] =>
  entries.map((e) => ({ english: e.english, secret: e.foreign }));

/** A game's pairs: SECRET_QUIZ_LENGTH drawn without repetition, all of them when the list is shorter. */
export const drawSecretEntries = (entries: readonly SecretEntry[], random: () => number): SecretEntry[] =>
  drawItems(entries, SECRET_QUIZ_LENGTH, random);

/** The secret quiz's items of a game's pairs: the English is shown and the secret word typed. */
export function secretQuizItems(entries: readonly SecretEntry[]): QuizItem[] {
  return entries.map((entry) => ({
    id: entry.english,
    prompt: entry.english,
    key: { accepted: [entry.foreign], locale: SECRET_LOCALE },
  }));
}
