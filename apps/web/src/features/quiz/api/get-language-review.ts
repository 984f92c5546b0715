import type { Direction, LanguageCode } from '@vocab/core';
import { queryOptions } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { queryKey } from '@/lib/query-keys';

/** The learner's words of a language due for review now in `direction`. */
export const getLanguageReview = (language: LanguageCode, direction: Direction) =>
  call(client.GET('/api/{language}/for-review', { params: { path: { language }, query: { direction } } }));

/** Read once per visit, as the quiz batch (see get-language-words.ts). */
export const languageReviewQueryOptions = (language: LanguageCode, direction: Direction) =>
  queryOptions({
    queryKey: queryKey('/api/{language}/for-review', { path: { language }, query: { direction } }),
    queryFn: () => getLanguageReview(language, direction),
    staleTime: Infinity,
    gcTime: 0,
  });
