import type { LanguageCode } from '@vocab/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { queryKey, readsFrom } from '@/lib/query-keys';

/** The deck's bands of 500 words with the caller's learned share of each, and where new words come from. */
const bandsKey = (language: LanguageCode) => queryKey('/api/{language}/bands', { path: { language } });

export const useDeckBands = (language: LanguageCode) =>
  useQuery({
    queryKey: bandsKey(language),
    queryFn: () => call(client.GET('/api/{language}/bands', { params: { path: { language } } })),
  });

/** Takes the quiz's new words from a band's first word on (1: from the start again). */
export function useStartBand(language: LanguageCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (first: number) =>
      call(client.POST('/api/{language}/bands/start', { params: { path: { language } }, body: { first } })),
    onSuccess: async (bands) => {
      queryClient.setQueryData(bandsKey(language), bands);
      // The next batch changes; a visitor may be a guest now, whose figures are theirs.
      await queryClient.invalidateQueries({ predicate: (q) => !readsFrom('/api/{language}/bands')(q) });
    },
  });
}
