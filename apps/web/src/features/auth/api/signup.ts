import type { SignupBody } from '@vocab/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { startSession } from './get-session';

export const signup = (body: SignupBody) => call(client.POST('/api/auth/signup', { body }));

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    // The server logs the new account in, a guest's progress and languages with it.
    onSuccess: (data) => startSession(queryClient, data.userData),
  });
}
