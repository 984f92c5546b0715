import type { LanguageCode } from '@vocab/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, client, fileUpload } from '@/lib/api-client';
import { queryFilter } from '@/lib/query-keys';

/** Adds the previewed file's valid lines as the learner's own words, all in one go. */
export const confirmImport = async (language: LanguageCode, file: Blob | string) =>
  call(client.POST('/api/{language}/import', { params: { path: { language } }, ...(await fileUpload(file)) }));

export function useConfirmImport(language: LanguageCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob | string) => confirmImport(language, file),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryFilter('/api/{language}/stats', { path: { language } }) });
      await queryClient.invalidateQueries({ queryKey: queryFilter('/api/{language}/lexicon', { path: { language } }) });
    },
  });
}
