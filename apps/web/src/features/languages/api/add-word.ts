import type { AddWordBody, Word } from '@vocab/api';
import type { LanguageCode } from '@vocab/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Adds a word of the learner's own to a language (theirs alone, PRODUCT.md §1). */
export function useAddWord(language: LanguageCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddWordBody) => api<Word>('POST', `/api/${language}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.languageStats(language) }),
  });
}
