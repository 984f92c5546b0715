import type { LoginBody } from '@vocab/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { startSession } from './get-session';

export const login = (body: LoginBody) => call(client.POST('/api/auth/login', { body }));

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => startSession(queryClient, data.userData),
  });
}
