import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { queryKey } from '@/lib/query-keys';

/** The language cards with each deck's real size (landing, languages offered, add language). */
export const languagesQueryOptions = () =>
  queryOptions({
    queryKey: queryKey('/api/languages'),
    queryFn: () => call(client.GET('/api/languages')),
    staleTime: 60 * 60_000,
  });

export const useLanguages = () => useQuery(languagesQueryOptions());
