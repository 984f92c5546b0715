import type { PlacementAnswer, PlacementRecord } from '@vocab/api';
import type { LanguageCode } from '@vocab/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { queryKey, readsFrom } from '@/lib/query-keys';

/** The next words to ask after `answers` (all of them so far: the server keeps no test), or that the test is over. */
export const nextPlacementWords = (language: LanguageCode, answers: PlacementAnswer[]) =>
  call(client.POST('/api/{language}/placement/next', { params: { path: { language } }, body: { answers } }));

/** The caller's latest result in the language, or null. */
export const usePlacementRecord = (language: LanguageCode) =>
  useQuery({
    queryKey: queryKey('/api/{language}/placement', { path: { language } }),
    queryFn: () => call(client.GET('/api/{language}/placement', { params: { path: { language } } })),
  });

/** Ends the test: the server judges the answers again, marks the known words and keeps the result. */
export function useFinishPlacement(language: LanguageCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: PlacementAnswer[]) =>
      call(client.POST('/api/{language}/placement', { params: { path: { language } }, body: { answers } })),
    onSuccess: async (result) => {
      queryClient.setQueryData<PlacementRecord>(queryKey('/api/{language}/placement', { path: { language } }), {
        result,
      });
      // The figures, the batch and the lists all change with the words marked; a visitor may be a guest now.
      await queryClient.invalidateQueries({ predicate: (q) => !readsFrom('/api/{language}/placement')(q) });
    },
  });
}
