import type { LanguageCode } from '@vocab/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { learnerTimeZone } from './get-summary';
import { queryKeys } from '@/lib/query-keys';

export const getLanguageProgress = (language: LanguageCode) =>
  call(client.GET('/api/{language}/progress', { params: { path: { language }, query: { tz: learnerTimeZone() } } }));

export const languageProgressQueryOptions = (language: LanguageCode) =>
  queryOptions({ queryKey: queryKeys.progress(language), queryFn: () => getLanguageProgress(language) });

export const useLanguageProgress = (language: LanguageCode) => useQuery(languageProgressQueryOptions(language));
