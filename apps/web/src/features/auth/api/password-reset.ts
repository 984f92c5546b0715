import { useMutation, useQuery } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { queryKey } from '@/lib/query-keys';

/** Asks for a reset link; the answer is the same whether or not the address or name exists. */
export const useForgotPassword = () =>
  useMutation({
    mutationFn: (identifier: string) => call(client.POST('/api/auth/forgot-password', { body: { identifier } })),
  });

/** Sets a new password by the link's token; the server ends every session of the account. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: { token: string; password: string }) => call(client.POST('/api/auth/reset-password', { body })),
  });

/**
 * Whether the reset link still works, asked as its page opens: a used or superseded link is said at once, not after
 * the new password was typed twice. Asked once; the answer to the form's submit is the one that counts.
 */
export const useResetLink = (token: string) =>
  useQuery({
    queryKey: queryKey('/api/auth/reset-link', { query: { token } }),
    queryFn: () => call(client.GET('/api/auth/reset-link', { params: { query: { token } } })),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
