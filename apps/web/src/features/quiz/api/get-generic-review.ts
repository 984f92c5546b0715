import type { Word } from '@vocab/api';
import type { Direction, LanguageCode } from '@vocab/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { directionQuery } from '../lib/direction';
import { queryKeys } from '@/lib/query-keys';

/** The account's words of a language due for review now in `direction`. */
export const getGenericReview = (language: LanguageCode, direction: Direction) =>
  api<Word[]>('GET', `/api/users/languages/${language}/for-review${directionQuery(direction)}`);

/** Read once per visit, as the quiz batch (see get-language-words.ts). */
export const genericReviewQueryOptions = (language: LanguageCode, direction: Direction) =>
  queryOptions({ queryKey: queryKeys.quiz.genericReview(language, direction), queryFn: () => getGenericReview(language, direction), staleTime: Infinity, gcTime: 0 });
