import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { queryKey } from '@/lib/query-keys';

/** The secret language's built-in list of English and secret word pairs. */
export const getSecretWords = () => call(client.GET('/api/secret/words'));

/** The list is fixed in the product: fetched once per visit. */
export const secretWordsQueryOptions = () =>
  queryOptions({ queryKey: queryKey('/api/secret/words'), queryFn: getSecretWords, staleTime: Infinity });

export const useSecretWords = () => useQuery(secretWordsQueryOptions());
