import type { Word } from '@vocab/api';
import type { LanguageCode } from '@vocab/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The learner's words of a language that are due for review now. */
export const getLanguageReview = (language: LanguageCode) => api<Word[]>('GET', `/api/${language}/for-review`);

/** Read once per visit, as the quiz batch (see get-language-words.ts). */
export const languageReviewQueryOptions = (language: LanguageCode) =>
  queryOptions({ queryKey: ['quiz', 'review', language], queryFn: () => getLanguageReview(language), staleTime: Infinity, gcTime: 0 });

export const useLanguageReview = (language: LanguageCode) => useQuery(languageReviewQueryOptions(language));
