import type { UserData } from '@vocab/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

/** The logged-in user, or null: checked once on page load (SPEC.md §4 "On page load the product checks for an existing session"). */
export async function getSession(): Promise<UserData | null> {
  try {
    return await api<UserData>('GET', '/api/auth/page-load-login');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const sessionQueryOptions = () => queryOptions({ queryKey: ['session'], queryFn: getSession, staleTime: Infinity });

export const useSession = () => useQuery(sessionQueryOptions());
