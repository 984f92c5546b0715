import type { DeleteAccountBody } from '@vocab/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { isSessionQuery, queryKeys } from '@/lib/query-keys';
import { ACCOUNT_DELETED_STATE } from '../components/account-deleted-notice';

export const deleteAccount = (body: DeleteAccountBody) => api<{ ok: true }>('POST', '/api/account/delete', body);

/**
 * Deletes the account. Afterwards the learner is a visitor: the page goes to `/` first (a logged-in-only page shown
 * without a session would send them to login), then every cached answer of the account is dropped.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      await navigate(paths.home, { state: ACCOUNT_DELETED_STATE });
      queryClient.setQueryData(queryKeys.session, null);
      queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query) });
    },
  });
}
