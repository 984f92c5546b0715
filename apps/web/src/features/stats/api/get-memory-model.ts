import type { LanguageCode } from '@vocab/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { queryKey } from '@/lib/query-keys';

const memoryModelParams = (language: LanguageCode) => ({ path: { language } });

export const getMemoryModel = (language: LanguageCode) =>
  call(client.GET('/api/{language}/memory-model', { params: memoryModelParams(language) }));

export const memoryModelQueryOptions = (language: LanguageCode) =>
  queryOptions({
    queryKey: queryKey('/api/{language}/memory-model', memoryModelParams(language)),
    queryFn: () => getMemoryModel(language),
  });

export const useMemoryModel = (language: LanguageCode) => useQuery(memoryModelQueryOptions(language));
