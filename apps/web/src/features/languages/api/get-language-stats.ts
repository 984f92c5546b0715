import type { LanguageCode } from '@vocab/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { queryKey } from '@/lib/query-keys';

/** Percent learned, total and "Up for review: N" of one language, for the caller (account or guest). */
export const languageStatsQueryOptions = (language: LanguageCode) =>
  queryOptions({
    queryKey: queryKey('/api/{language}/stats', { path: { language } }),
    queryFn: () => call(client.GET('/api/{language}/stats', { params: { path: { language } } })),
  });

export const useLanguageStats = (language: LanguageCode) => useQuery(languageStatsQueryOptions(language));
