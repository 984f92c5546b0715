import { BATCH_SIZE, type Direction, type LanguageCode } from '@vocab/core';
import { queryOptions } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The learner's next batch of words of a language not yet learned in `direction`, in frequency order. Without the
 * query, `GET /api/{language}` is the whole list (SPEC.md §7).
 */
export const getLanguageWords = (language: LanguageCode, direction: Direction, limit = BATCH_SIZE) =>
  call(client.GET('/api/{language}', { params: { path: { language }, query: { limit, unlearned: 'true', direction } } }));

/**
 * A quiz reads its batch once: never refetched behind its back (it would change the words under a running
 * quiz), and dropped when the quiz unmounts, so that coming back asks the server for a fresh batch.
 */
export const languageWordsQueryOptions = (language: LanguageCode, direction: Direction) =>
  queryOptions({ queryKey: queryKeys.quiz.words(language, direction), queryFn: () => getLanguageWords(language, direction), staleTime: Infinity, gcTime: 0 });
