import type { SettingsPatch } from '@vocab/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { settingsQueryOptions } from '@/lib/settings';

export const updateSettings = (patch: SettingsPatch) => call(client.PATCH('/api/settings', { body: patch }));

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryOptions().queryKey, settings),
  });
}
