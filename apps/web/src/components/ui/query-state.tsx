import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBox } from './error-box';
import { Loading } from './spinner';

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
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  errorText?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) {
    return (
      <ErrorBox title="Error loading" onRetry={() => void query.refetch()}>
        {errorText ?? query.error.message}
      </ErrorBox>
    );
  }
  return isEmpty?.(query.data) ? empty : children(query.data);
}
