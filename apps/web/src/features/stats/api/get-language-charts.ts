import type { LanguageCode } from '@vocab/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { learnerTimeZone } from './get-summary';
import { queryKey } from '@/lib/query-keys';

// The endpoint's path keeps its original name; what it answers is the language's charts (and when reviews fall due).
const chartsParams = (language: LanguageCode) => ({ path: { language }, query: { tz: learnerTimeZone() } });

export const getLanguageCharts = (language: LanguageCode) =>
  call(client.GET('/api/{language}/progress', { params: chartsParams(language) }));

export const languageChartsQueryOptions = (language: LanguageCode) =>
  queryOptions({
    queryKey: queryKey('/api/{language}/progress', chartsParams(language)),
    queryFn: () => getLanguageCharts(language),
  });

export const useLanguageCharts = (language: LanguageCode) => useQuery(languageChartsQueryOptions(language));
