import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { accountSessionsKey } from './get-sessions';

export const revokeSession = (id: string) =>
  call(client.DELETE('/api/account/sessions/{id}', { params: { path: { id } } }));

/** Ends one of the account's other sessions; the list is read again, whatever happened. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}
