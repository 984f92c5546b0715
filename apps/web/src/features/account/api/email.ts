import type { AccountEmail } from '@vocab/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { queryKey } from '@/lib/query-keys';

/** The account's confirmed address and one waiting for its link (and whether this server can send mail at all). */
export const emailQueryOptions = () =>
  queryOptions({ queryKey: queryKey('/api/account/email'), queryFn: () => call(client.GET('/api/account/email')) });

export const useAccountEmail = () => useQuery(emailQueryOptions());

/** Sends a confirmation link to a new address; the answer is the account's email state. */
export function useSetEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: string) => call(client.POST('/api/account/email', { body: { address } })),
    onSuccess: (state: AccountEmail) => queryClient.setQueryData(emailQueryOptions().queryKey, state),
  });
}

export function useRemoveEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(client.DELETE('/api/account/email')),
    onSuccess: (state: AccountEmail) => queryClient.setQueryData(emailQueryOptions().queryKey, state),
  });
}

/** Confirms an address by its link's token (works logged out: the token is the proof). */
export const confirmEmail = (token: string) => call(client.POST('/api/account/email/confirm', { body: { token } }));
