import type { ChangePasswordBody } from '@vocab/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { accountSessionsKey } from './get-sessions';

export const changePassword = (body: ChangePasswordBody) => call(client.POST('/api/account/password', { body }));

/** Changes the password; the server ends every other session, so the list is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}
