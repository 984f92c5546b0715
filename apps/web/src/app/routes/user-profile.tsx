import { useNavigate } from 'react-router';
import { RequireAccount } from '@/app/layout/require-account';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
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
  const navigate = useNavigate();
  const logout = useLogout();
  const everywhere = useLogoutEverywhere();
  const home = () => void navigate(paths.home);
  return (
    <Page title="User profile">
      <p>
        Username: <strong>{user?.username}</strong>
      </p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={() => logout.mutate(undefined, { onSettled: home })}>
          Logout
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => everywhere.mutate(undefined, { onSettled: home })}>
          Log out everywhere
        </button>
      </div>
    </Page>
  );
}
