import type { SignupBody } from '@vocab/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { sessionQueryOptions } from './get-session';
import { isSessionQuery } from '@/lib/query-keys';

export const signup = (body: SignupBody) => call(client.POST('/api/auth/signup', { body }));

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    // The server logs the new account in, a guest's progress and languages with it: everything cached so far
    // belonged to the visitor or guest, so start clean for the account.
    onSuccess: (data) => {
      queryClient.removeQueries({ predicate: (q) => !isSessionQuery(q) });
      queryClient.setQueryData(sessionQueryOptions().queryKey, data.userData);
    },
  });
}
