import type { Word } from '@vocab/api';
import type { LanguageCode } from '@vocab/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The learner's next batch of unlearned words of a language, in frequency order. */
export const getLanguageWords = (language: LanguageCode) => api<Word[]>('GET', `/api/${language}`);

/**
 * A quiz reads its batch once: never refetched behind its back (it would change the words under a running
 * quiz), and dropped when the quiz unmounts, so that coming back asks the server for a fresh batch.
 */
export const languageWordsQueryOptions = (language: LanguageCode) =>
  queryOptions({ queryKey: ['quiz', 'words', language], queryFn: () => getLanguageWords(language), staleTime: Infinity, gcTime: 0 });

export const useLanguageWords = (language: LanguageCode) => useQuery(languageWordsQueryOptions(language));
