import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, client } from './api-client';
import { queryKey } from './query-keys';

/** The learner's settings (visitors get the defaults): shared by quizzes, the theme and the settings page. */
export const getSettings = () => call(client.GET('/api/settings'));

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: queryKey('/api/settings'), queryFn: getSettings, staleTime: 5 * 60_000 });

export const useSettings = () => useQuery(settingsQueryOptions());
