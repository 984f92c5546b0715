import { useLocation } from 'react-router';

/** State the delete-account flow passes to the page it leaves for. */
export const ACCOUNT_DELETED_STATE = { accountDeleted: true } as const;

/** After an account is deleted, the page it lands on says so (once: a reload or a later visit shows nothing). */
export function AccountDeletedNotice() {
  const state = useLocation().state as { accountDeleted?: boolean } | null;
  if (!state?.accountDeleted) return null;
  return (
    <p className="success" role="status">
      Your account and everything in it have been deleted.
    </p>
  );
}
