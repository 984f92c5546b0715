import type { LanguageStats } from '@vocab/api';
import type { LanguageCode } from '@vocab/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Percent learned, total and "Up for review: N" of one language, for the caller (account or guest). */
export const languageStatsQueryOptions = (language: LanguageCode) =>
  queryOptions({ queryKey: queryKeys.languageStats(language), queryFn: () => api<LanguageStats>('GET', `/api/${language}/stats`) });

export const useLanguageStats = (language: LanguageCode) => useQuery(languageStatsQueryOptions(language));
