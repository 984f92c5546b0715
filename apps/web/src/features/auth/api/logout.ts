import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { call, client } from '@/lib/api-client';
import { forgetSessionData, queryKey } from '@/lib/query-keys';

export const logout = () => call(client.GET('/api/auth/logout'));
export const logoutEverywhere = () => call(client.POST('/api/auth/logout-everywhere'));

function useEndSession(fn: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // A failed logout is only logged; the user is logged out locally all the same.
    onError: (err) => console.warn('logout failed', err),
    // The session query is updated in place, not removed: the navbar observes it and must see the logout.
    onSettled: () => {
      queryClient.setQueryData(queryKey('/api/auth/session'), null);
      forgetSessionData(queryClient);
    },
  });
}

/**
 * Logout goes to `/`. The navigation finishes first: a session cleared while a logged-in-only page is
 * still shown would send the learner to login instead.
 */
function useLeave(end: ReturnType<typeof useEndSession>): () => void {
  const navigate = useNavigate();
  return () => void Promise.resolve(navigate(paths.home)).then(() => end.mutate());
}

export const useLogout = () => useLeave(useEndSession(logout));
export const useLogoutEverywhere = () => useLeave(useEndSession(logoutEverywhere));
