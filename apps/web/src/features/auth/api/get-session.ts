import type { UserData } from '@vocab/api';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { forgetSessionData, queryKey } from '@/lib/query-keys';

/**
 * The logged-in user, or null: checked once on page load ("On page load the product checks for an
 * existing session"). GET /api/auth/session answers 200 with `user: null` when there is none, so a visitor's page
 * load logs no failed request (the original's page-load-login, which answers 401, stays for other clients).
 */
export async function getSession(): Promise<UserData | null> {
  return (await call(client.GET('/api/auth/session'))).user;
}

// Back online it is asked again: a page opened offline may have read an older session kept by the service worker,
// and the header and the answer queue must know who is logged in before the answers waiting can be sent.
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: queryKey('/api/auth/session'),
    queryFn: getSession,
    staleTime: Infinity,
    refetchOnReconnect: 'always',
  });

/**
 * An account's session has begun (login, signup): everything cached so far belonged to the visitor or guest, so the
 * cache starts clean for the account. The session is read once more from the server so that the service worker
 * keeps the account's copy for offline use, not the visitor's it read before: a page reloaded offline would
 * otherwise take the learner for a visitor and send them to a login that cannot work offline.
 */
export function startSession(queryClient: QueryClient, user: UserData): void {
  forgetSessionData(queryClient);
  queryClient.setQueryData(sessionQueryOptions().queryKey, user);
  void queryClient.refetchQueries({ queryKey: sessionQueryOptions().queryKey });
}

export const useSession = () => useQuery(sessionQueryOptions());
