import type { LanguageCode } from '@vocab/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { queryFilter, queryKey } from '@/lib/query-keys';

/** The account's records without their word lists: our screens show only the figures. */
const recordParams = (userId: string) => ({ path: { userId }, query: { words: 'false' } }) as const;

/** The languages an account has added (`GET /api/users/languages/{userId}`). */
export const userLanguagesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKey('/api/users/languages/{userId}', recordParams(userId)),
    queryFn: () => call(client.GET('/api/users/languages/{userId}', { params: recordParams(userId) })),
  });

export const useUserLanguages = (userId: string) => useQuery(userLanguagesQueryOptions(userId));

/**
 * One language of the account with its figures (the generic language home); null when it is not among them. Read
 * from the list the user home reads: one answer for both homes, which the service worker keeps for offline use.
 */
export const useUserLanguage = (userId: string, language: LanguageCode) =>
  useQuery({
    ...userLanguagesQueryOptions(userId),
    select: (records) => records.find((r) => r.language === language) ?? null,
    // Read afresh on opening the home, as the user home's answer may be old: a session ended meanwhile says so here.
    staleTime: 0,
  });

/** Adds a language to the account (`POST /api/users/languages`). */
export function useAddLanguage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: LanguageCode) =>
      call(client.POST('/api/users/languages', { params: { query: { words: 'false' } }, body: { language } })),
    // Refetched after a failure too: a 409 means it was added meanwhile (another tab), and then it shows as added.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryFilter('/api/users/languages/{userId}', { path: { userId } }) }),
  });
}
