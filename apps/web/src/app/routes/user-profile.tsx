import { RequireAccount } from '@/app/layout/require-account';
import { Page } from '@/components/ui/page';
import { ActiveSessions } from '@/features/account/components/active-sessions';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { DeleteAccountForm } from '@/features/account/components/delete-account-form';
import { EmailAddress } from '@/features/account/components/email-address';
import { useSession } from '@/features/auth/api/get-session';
import { useLogout, useLogoutEverywhere } from '@/features/auth/api/logout';

export function Component() {
  return (
    <RequireAccount>
      <Profile />
    </RequireAccount>
  );
}

function Profile() {
  const { data: user } = useSession();
  const logout = useLogout();
  const everywhere = useLogoutEverywhere();

  return (
    <Page title="User profile" className="profile">
      <p>
        Username: <strong>{user?.username}</strong>
      </p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={logout}>
          Logout
        </button>
        <button type="button" className="btn btn-secondary" onClick={everywhere}>
          Log out everywhere
        </button>
      </div>
      <EmailAddress />
      <ActiveSessions />
      <ChangePasswordForm />
      <DeleteAccountForm username={user?.username ?? ''} />
    </Page>
  );
}
