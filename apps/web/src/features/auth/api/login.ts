import type { LoginBody } from '@vocab/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { sessionQueryOptions } from './get-session';
import { isSessionQuery } from '@/lib/query-keys';

export const login = (body: LoginBody) => call(client.POST('/api/auth/login', { body }));

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (data) => {
      // Everything cached so far belonged to the visitor or guest: start clean for the account.
      queryClient.removeQueries({ predicate: (q) => !isSessionQuery(q) });
      queryClient.setQueryData(sessionQueryOptions().queryKey, data.userData);
    },
  });
}
