import type { AddWordBody } from '@vocab/api';
import type { LanguageCode } from '@vocab/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { queryFilter } from '@/lib/query-keys';

/** Adds a word of the learner's own to a language (theirs alone, PRODUCT.md §1). */
export function useAddWord(language: LanguageCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddWordBody) => call(client.POST('/api/{language}', { params: { path: { language } }, body })),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryFilter('/api/{language}/stats', { path: { language } }) }),
  });
}
