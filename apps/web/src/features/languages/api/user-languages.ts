import type { LanguageCode } from '@vocab/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, client } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The languages an account has added (SPEC.md §7 `GET /api/users/languages/{userId}`). */
export const userLanguagesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.userLanguages(userId), queryFn: () => call(client.GET('/api/users/languages/{key}', { params: { path: { key: userId }, query: { words: 'false' } } })) });

export const useUserLanguages = (userId: string) => useQuery(userLanguagesQueryOptions(userId));

/** One language of the account with its figures (the generic language home); null when it is not added. */
export const useUserLanguage = (userId: string, language: LanguageCode) =>
  useQuery({
    queryKey: queryKeys.userLanguage(userId, language),
    queryFn: async () => {
      try {
        return (await call(client.GET('/api/users/languages/{key}/languages/{language}', { params: { path: { key: userId, language }, query: { words: 'false' } } })))[0] ?? null;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });

/** Adds a language to the account (SPEC.md §7 `POST /api/users/languages`). */
export function useAddLanguage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: LanguageCode) => call(client.POST('/api/users/languages', { params: { query: { words: 'false' } }, body: { language } })),
    // Refetched after a failure too: a 409 means it was added meanwhile (another tab), and then it shows as added.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.userLanguages(userId) }),
  });
}
