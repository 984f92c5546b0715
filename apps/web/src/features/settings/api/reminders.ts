import type { ReminderPatch, ReminderState } from '@vocab/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { queryKey } from '@/lib/query-keys';

export const remindersQueryOptions = () =>
  queryOptions({ queryKey: queryKey('/api/reminders'), queryFn: () => call(client.GET('/api/reminders')) });

export const useReminders = (enabled = true) => useQuery({ ...remindersQueryOptions(), enabled });

export function useUpdateReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ReminderPatch) => call(client.PATCH('/api/reminders', { body: patch })),
    onSuccess: (state: ReminderState) => queryClient.setQueryData(remindersQueryOptions().queryKey, state),
  });
}

/** Turns reminders off by the signed link of a reminder mail: no session needed. */
export const useUnsubscribe = () =>
  useMutation({
    mutationFn: (query: { u: string; s: string }) =>
      call(client.POST('/api/reminders/unsubscribe', { params: { query } })),
  });
