import type { UnlearnedResponse } from '@vocab/api';
import type { LanguageCode } from '@vocab/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The account's next batch of unlearned words of a language (the generic quiz). */
export const getUnlearnedWords = (language: LanguageCode) =>
  api<UnlearnedResponse>('GET', `/api/users/languages/words/unlearned?${new URLSearchParams({ language }).toString()}`);

/** Read once per visit, as the quiz batch (see get-language-words.ts). */
export const unlearnedWordsQueryOptions = (language: LanguageCode) =>
  queryOptions({ queryKey: ['quiz', 'unlearned', language], queryFn: () => getUnlearnedWords(language), staleTime: Infinity, gcTime: 0 });

export const useUnlearnedWords = (language: LanguageCode) => useQuery(unlearnedWordsQueryOptions(language));
