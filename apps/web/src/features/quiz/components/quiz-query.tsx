import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { Loading } from '@/components/ui/spinner';

/** The states of a quiz's word list: "Loading...", "Error loading" with Try again, empty, or the quiz itself. */
export function QuizQuery<T>({
  query,
  isEmpty,
  empty,
  children,
  waiting = false,
}: {
  query: UseQueryResult<T>;
  /** Something else the quiz needs is still loading (its settings, the lexicon). */
  waiting?: boolean;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending || waiting) return <Loading />;
  if (query.isError) {
    return (
      <ErrorBox title="Error loading" onRetry={() => void query.refetch()}>
        {query.error.message}
      </ErrorBox>
    );
  }
  if (query.isFetching) return <Loading />;
  return isEmpty(query.data) ? empty : children(query.data);
}
