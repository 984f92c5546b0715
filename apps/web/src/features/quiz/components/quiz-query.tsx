import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryState } from '@/components/ui/query-state';
import { Loading } from '@/components/ui/spinner';

/** The states of a quiz's word list: "Loading...", "Error loading" with Try again, empty, or the quiz itself. */
export function QuizQuery<T>({
  query,
  isEmpty,
  empty,
  children,
  waiting = false,
  resumed,
}: {
  query: UseQueryResult<T>;
  /** The words of a quiz resumed after a reload: shown whatever the query says (offline, it may have nothing). */
  resumed?: T | undefined;
  /** Something else the quiz needs is still loading (its settings, the lexicon). */
  waiting?: boolean;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (waiting) return <Loading />;
  if (resumed !== undefined) return children(resumed);
  // A refetch (the next round) shows "Loading..." rather than the words it replaces.
  return (
    <QueryState query={query}>
      {(data) => (query.isFetching ? <Loading /> : isEmpty(data) ? empty : children(data))}
    </QueryState>
  );
}
