import type { LanguageCode } from '@vocab/core';

/** The word an answer call of the generic quiz names in its query string. */
export interface GenericWordRef {
  wordId: string;
  word: string;
}

/** `language=&wordId=&word=`, as SPEC.md §7 lists them. */
export const genericAnswerQuery = (language: LanguageCode, { wordId, word }: GenericWordRef) =>
  new URLSearchParams({ language, wordId, word }).toString();
