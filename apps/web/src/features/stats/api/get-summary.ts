import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { queryKey } from '@/lib/query-keys';

/** The learner's own time zone: days, streaks and goals are counted in it. */
export const learnerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const summaryParams = () => ({ query: { tz: learnerTimeZone() } });

export const getSummary = () => call(client.GET('/api/stats/summary', { params: summaryParams() }));

export const summaryQueryOptions = () =>
  queryOptions({ queryKey: queryKey('/api/stats/summary', summaryParams()), queryFn: getSummary, staleTime: 30_000 });

export const useSummary = (enabled = true) => useQuery({ ...summaryQueryOptions(), enabled });
