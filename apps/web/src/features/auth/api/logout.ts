import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const logout = () => api<{ ok: true }>('GET', '/api/auth/logout');
export const logoutEverywhere = () => api<{ ok: true }>('POST', '/api/auth/logout-everywhere');

function useEndSession(fn: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // SPEC.md §8: a failed logout is only logged; the user is logged out locally all the same.
    onError: (err) => console.warn('logout failed', err),
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(['session'], null);
    },
  });
}

export const useLogout = () => useEndSession(logout);
export const useLogoutEverywhere = () => useEndSession(logoutEverywhere);
