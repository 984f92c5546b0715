import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { isUnauthorized } from '@/lib/api-client';
import { ErrorBox } from './error-box';
import { Loading } from './spinner';

/** What QueryState reads of a query: one TanStack Query result, or several joined by `bothQueries`. */
export type QueryView<T> = Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'error' | 'data' | 'refetch'>;

/**
 * The states of one query's data on screen: "Loading...", "Error loading" with Try again, empty, or the data.
 * `errorText` replaces the error's own message where a plainer sentence says more to the learner.
 */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  errorText,
  children,
}: {
  query: QueryView<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  errorText?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError && isUnauthorized(query.error)) return <LogInAgain>{query.error?.message}</LogInAgain>;
  if (query.isError) {
    return (
      <ErrorBox title="Error loading" onRetry={() => void query.refetch()}>
        {errorText ?? query.error?.message}
      </ErrorBox>
    );
  }
  return query.data === undefined ? <Loading /> : isEmpty?.(query.data) ? empty : children(query.data);
}

/** Two queries a screen needs together: pending while either is, failed if either fails, Try again refetches both. */
export function bothQueries<A, B>(a: UseQueryResult<A>, b: UseQueryResult<B>): QueryView<[A, B]> {
  const error = a.error ?? b.error;
  const data: [A, B] | undefined = a.data !== undefined && b.data !== undefined ? [a.data, b.data] : undefined;
  const refetch = async () => {
    await Promise.all([a.refetch(), b.refetch()]);
    return undefined as never;
  };
  return { isPending: a.isPending || b.isPending, isError: a.isError || b.isError, error, data, refetch } as QueryView<
    [A, B]
  >;
}

/** A read refused for want of a session: asking again will not help, logging in will, and brings the learner back. */
function LogInAgain({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  return (
    <ErrorBox title="Error loading">
      <p>{children}</p>
      <Link to={paths.loginThen(pathname + search)} className="btn btn-primary">
        Log in
      </Link>
    </ErrorBox>
  );
}
