import type { UserData } from '@vocab/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { queryKey } from '@/lib/query-keys';

/**
 * The logged-in user, or null: checked once on page load ("On page load the product checks for an
 * existing session"). GET /api/auth/session answers 200 with `user: null` when there is none, so a visitor's page
 * load logs no failed request (the original's page-load-login, which answers 401, stays for other clients).
 */
export async function getSession(): Promise<UserData | null> {
  return (await call(client.GET('/api/auth/session'))).user;
}

export const sessionQueryOptions = () => queryOptions({ queryKey: queryKey('/api/auth/session'), queryFn: getSession, staleTime: Infinity });

export const useSession = () => useQuery(sessionQueryOptions());
