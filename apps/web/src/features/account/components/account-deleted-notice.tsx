import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { forgetSessionData, queryKey } from '@/lib/query-keys';

/** State the delete-account flow passes to the page it leaves for. */
export const ACCOUNT_DELETED_STATE = { accountDeleted: true } as const;

/**
 * After an account is deleted, the page it lands on says so (once: a reload or a later visit shows nothing), and
 * only then forgets the account's session and cached answers: forgotten while the profile page was still on screen,
 * its logged-in-only guard would send the learner to login instead.
 */
export function AccountDeletedNotice() {
  const state = useLocation().state as { accountDeleted?: boolean } | null;
  const deleted = state?.accountDeleted === true;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!deleted) return;
    queryClient.setQueryData(queryKey('/api/auth/session'), null);
    forgetSessionData(queryClient);
  }, [deleted, queryClient]);
  if (!deleted) return null;
  return (
    <p className="success" role="status">
      Your account and everything in it have been deleted.
    </p>
  );
}
