import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loading } from '@/components/ui/spinner';
import { ErrorBox } from '@/components/ui/error-box';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/api/get-session';
import { useQueueStatus } from '@/features/quiz/offline/offline-context';

/**
 * Logged-in-only routes: a visitor is sent to login and brought back afterwards (PRODUCT.md §1). Offline the page
 * stays, from what it last knew: a login cannot work there, and the session read may be an old copy. A session
 * ended while the learner was here stays too: the page says so and offers Log in (the quiz's notice, a read's
 * "You need to log in"), where a bare login form would give no reason and lose the quiz's place.
 */
export function RequireAccount({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const { online, loggedOut } = useQueueStatus();
  if (session.isPending) return <Loading />;
  if (!online || loggedOut) return children;
  if (session.isError)
    return <ErrorBox onRetry={() => void session.refetch()}>We could not check your session.</ErrorBox>;
  if (!session.data) return <Navigate to={paths.loginThen(location.pathname + location.search)} replace />;
  return children;
}
