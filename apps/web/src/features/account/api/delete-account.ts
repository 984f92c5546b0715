import type { DeleteAccountBody } from '@vocab/api';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { call, client } from '@/lib/api-client';
import { ACCOUNT_DELETED_STATE } from '../components/account-deleted-notice';

export const deleteAccount = (body: DeleteAccountBody) => call(client.POST('/api/account/delete', { body }));

/**
 * Deletes the account. Afterwards the learner is a visitor: the page goes to `/`, whose notice then drops the
 * session and every cached answer of the account (AccountDeletedNotice).
 */
export function useDeleteAccount() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => navigate(paths.home, { state: ACCOUNT_DELETED_STATE }),
  });
}
