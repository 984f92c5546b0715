import type { Word } from '@vocab/api';
import type { LanguageCode } from '@vocab/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The account's words of a language that are due for review now. */
export const getGenericReview = (language: LanguageCode) => api<Word[]>('GET', `/api/users/languages/${language}/for-review`);

/** Read once per visit, as the quiz batch (see get-language-words.ts). */
export const genericReviewQueryOptions = (language: LanguageCode) =>
  queryOptions({ queryKey: ['quiz', 'generic-review', language], queryFn: () => getGenericReview(language), staleTime: Infinity, gcTime: 0 });

export const useGenericReview = (language: LanguageCode) => useQuery(genericReviewQueryOptions(language));
