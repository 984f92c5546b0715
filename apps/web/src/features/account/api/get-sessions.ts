import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { queryKey } from '@/lib/query-keys';

export const accountSessionsKey = queryKey('/api/account/sessions');

/** The account's active sessions, the most recently used first; the one of this browser is marked `current`. */
export const getSessions = async () => (await call(client.GET('/api/account/sessions'))).sessions;

export const sessionsQueryOptions = () => queryOptions({ queryKey: accountSessionsKey, queryFn: getSessions });

export const useSessions = () => useQuery(sessionsQueryOptions());
