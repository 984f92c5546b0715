import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loading } from '@/components/ui/spinner';
import { ErrorBox } from '@/components/ui/error-box';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/api/get-session';

/** Logged-in-only routes: a visitor is sent to login and brought back afterwards (PRODUCT.md §1). */
export function RequireAccount({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <Loading />;
  if (session.isError) return <ErrorBox onRetry={() => void session.refetch()}>We could not check your session.</ErrorBox>;
  if (!session.data) return <Navigate to={paths.loginThen(location.pathname + location.search)} replace />;
  return children;
}
