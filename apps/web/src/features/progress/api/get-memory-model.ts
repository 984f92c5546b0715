import type { LanguageCode } from '@vocab/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getMemoryModel = (language: LanguageCode) => call(client.GET('/api/{language}/memory-model', { params: { path: { language } } }));

export const memoryModelQueryOptions = (language: LanguageCode) =>
  queryOptions({ queryKey: queryKeys.memoryModel(language), queryFn: () => getMemoryModel(language) });

export const useMemoryModel = (language: LanguageCode) => useQuery(memoryModelQueryOptions(language));
