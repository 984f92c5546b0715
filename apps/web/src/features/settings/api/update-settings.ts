import type { Settings, SettingsPatch } from '@vocab/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsQueryOptions } from '@/lib/settings';

export const updateSettings = (patch: SettingsPatch) => api<Settings>('PATCH', '/api/settings', patch);

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => queryClient.setQueryData(settingsQueryOptions().queryKey, settings),
  });
}
