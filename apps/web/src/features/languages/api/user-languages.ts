import type { LanguageCode } from '@vocab/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, client } from '@/lib/api-client';
import { queryFilter, queryKey } from '@/lib/query-keys';

/** The account's records without their word lists: our screens show only the figures. */
const recordParams = (userId: string) => ({ path: { userId }, query: { words: 'false' } }) as const;
const oneRecordParams = (userId: string, language: LanguageCode) =>
  ({ path: { userId, language }, query: { words: 'false' } }) as const;

/** The languages an account has added (`GET /api/users/languages/{userId}`). */
export const userLanguagesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKey('/api/users/languages/{userId}', recordParams(userId)),
    queryFn: () => call(client.GET('/api/users/languages/{userId}', { params: recordParams(userId) })),
  });

export const useUserLanguages = (userId: string) => useQuery(userLanguagesQueryOptions(userId));

/** One language of the account with its figures (the generic language home); null when it is not added. */
export const useUserLanguage = (userId: string, language: LanguageCode) =>
  useQuery({
    queryKey: queryKey('/api/users/languages/{userId}/languages/{language}', oneRecordParams(userId, language)),
    queryFn: async () => {
      try {
        return (
          (
            await call(
              client.GET('/api/users/languages/{userId}/languages/{language}', {
                params: oneRecordParams(userId, language),
              }),
            )
          )[0] ?? null
        );
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });

/** Adds a language to the account (`POST /api/users/languages`). */
export function useAddLanguage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: LanguageCode) =>
      call(client.POST('/api/users/languages', { params: { query: { words: 'false' } }, body: { language } })),
    // Refetched after a failure too: a 409 means it was added meanwhile (another tab), and then it shows as added.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryFilter('/api/users/languages/{userId}', { path: { userId } }) }),
        queryClient.invalidateQueries({
          queryKey: queryFilter('/api/users/languages/{userId}/languages/{language}', { path: { userId } }),
        }),
      ]),
  });
}
