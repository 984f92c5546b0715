import type { ImportResult } from '@vocab/api';
import type { LanguageCode } from '@vocab/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Adds the previewed file's valid lines as the learner's own words, all in one go. */
export const confirmImport = (language: LanguageCode, file: Blob | string) => apiUpload<ImportResult>(`/api/${language}/import`, file);

export function useConfirmImport(language: LanguageCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob | string) => confirmImport(language, file),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.languageStats(language) });
      await client.invalidateQueries({ queryKey: queryKeys.lexicon(language) });
    },
  });
}
