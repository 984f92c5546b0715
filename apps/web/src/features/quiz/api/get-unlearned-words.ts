import type { UnlearnedResponse } from '@vocab/api';
import type { Direction, LanguageCode } from '@vocab/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The account's next batch of words of a language not yet learned in `direction` (the generic quiz). */
export const getUnlearnedWords = (language: LanguageCode, direction: Direction) =>
  api<UnlearnedResponse>(
    'GET',
    `/api/users/languages/words/unlearned?${new URLSearchParams({ language, direction }).toString()}`,
  );

/** Read once per visit, as the quiz batch (see get-language-words.ts). */
export const unlearnedWordsQueryOptions = (language: LanguageCode, direction: Direction) =>
  queryOptions({ queryKey: queryKeys.quiz.unlearned(language, direction), queryFn: () => getUnlearnedWords(language, direction), staleTime: Infinity, gcTime: 0 });
