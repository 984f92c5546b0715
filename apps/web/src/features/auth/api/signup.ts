import type { LoginResponse, SignupBody } from '@vocab/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionQueryOptions } from './get-session';

export const signup = (body: SignupBody) => api<LoginResponse>('POST', '/api/auth/signup', body);

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    // The server ends a guest's session at signup; the learner logs in next (SPEC.md §4).
    onSuccess: () => queryClient.setQueryData(sessionQueryOptions().queryKey, null),
  });
}
