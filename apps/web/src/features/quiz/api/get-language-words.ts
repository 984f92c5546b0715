import { BATCH_SIZE, type Direction, type LanguageCode } from '@vocab/core';
import { queryOptions } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { queryKey } from '@/lib/query-keys';

/**
 * The learner's next batch of words of a language not yet learned in `direction`, in frequency order. Without the
 * query, `GET /api/{language}` is the whole list.
 */
export const getLanguageWords = (language: LanguageCode, direction: Direction, limit = BATCH_SIZE) =>
  call(client.GET('/api/{language}', { params: batchParams(language, direction, limit) }));

/** The parameters of a batch call, which name its query too. */
export const batchParams = (language: LanguageCode, direction: Direction, limit = BATCH_SIZE) =>
  ({ path: { language }, query: { limit, unlearned: 'true', direction } }) as const;

/**
 * A quiz reads its batch once: never refetched behind its back (it would change the words under a running
 * quiz), and dropped when the quiz unmounts, so that coming back asks the server for a fresh batch.
 */
export const languageWordsQueryOptions = (language: LanguageCode, direction: Direction) =>
  queryOptions({
    queryKey: queryKey('/api/{language}', batchParams(language, direction)),
    queryFn: () => getLanguageWords(language, direction),
    staleTime: Infinity,
    gcTime: 0,
  });
