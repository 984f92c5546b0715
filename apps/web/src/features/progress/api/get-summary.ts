import type { Summary } from '@vocab/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The learner's own time zone: days, streaks and goals are counted in it. */
export const learnerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const getSummary = () => api<Summary>('GET', `/api/stats/summary?tz=${encodeURIComponent(learnerTimeZone())}`);

export const summaryQueryOptions = () => queryOptions({ queryKey: queryKeys.summary, queryFn: getSummary, staleTime: 30_000 });

export const useSummary = (enabled = true) => useQuery({ ...summaryQueryOptions(), enabled });
