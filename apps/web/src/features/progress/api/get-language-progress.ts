import type { LanguageCode } from '@vocab/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { learnerTimeZone } from './get-summary';
import { queryKey } from '@/lib/query-keys';

const progressParams = (language: LanguageCode) => ({ path: { language }, query: { tz: learnerTimeZone() } });

export const getLanguageProgress = (language: LanguageCode) => call(client.GET('/api/{language}/progress', { params: progressParams(language) }));

export const languageProgressQueryOptions = (language: LanguageCode) =>
  queryOptions({ queryKey: queryKey('/api/{language}/progress', progressParams(language)), queryFn: () => getLanguageProgress(language) });

export const useLanguageProgress = (language: LanguageCode) => useQuery(languageProgressQueryOptions(language));
