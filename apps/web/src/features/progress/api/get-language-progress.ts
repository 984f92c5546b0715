import type { LanguageProgress } from '@vocab/api';
import type { LanguageCode } from '@vocab/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { learnerTimeZone } from './get-summary';
import { queryKeys } from '@/lib/query-keys';

export const getLanguageProgress = (language: LanguageCode) =>
  api<LanguageProgress>('GET', `/api/${language}/progress?tz=${encodeURIComponent(learnerTimeZone())}`);

export const languageProgressQueryOptions = (language: LanguageCode) =>
  queryOptions({ queryKey: queryKeys.progress(language), queryFn: () => getLanguageProgress(language) });

export const useLanguageProgress = (language: LanguageCode) => useQuery(languageProgressQueryOptions(language));
