import { useMutation } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';

/** Asks for a reset link; the answer is the same whether or not the address or name exists. */
export const useForgotPassword = () =>
  useMutation({ mutationFn: (identifier: string) => call(client.POST('/api/auth/forgot-password', { body: { identifier } })) });

/** Sets a new password by the link's token; the server ends every session of the account. */
export const useResetPassword = () =>
  useMutation({ mutationFn: (body: { token: string; password: string }) => call(client.POST('/api/auth/reset-password', { body })) });
