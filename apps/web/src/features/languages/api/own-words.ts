import type { OwnWordBody } from '@vocab/api';
import type { LanguageCode } from '@vocab/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { queryFilter, queryKey } from '@/lib/query-keys';

const params = (language: LanguageCode) => ({ path: { language } });

/** The learner's own words in a language, by word. */
export const useOwnWords = (language: LanguageCode) =>
  useQuery({
    queryKey: queryKey('/api/{language}/own-words', params(language)),
    queryFn: () => call(client.GET('/api/{language}/own-words', { params: params(language) })),
  });

/** After an edit or a delete: the list, and the figures and word lists that count the word. */
function useRefresh(language: LanguageCode) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      (['/api/{language}/own-words', '/api/{language}/stats', '/api/{language}'] as const).map((path) =>
        queryClient.invalidateQueries({ queryKey: queryFilter(path, { path: { language } }) }),
      ),
    );
}

export function useEditOwnWord(language: LanguageCode) {
  const refresh = useRefresh(language);
  return useMutation({
    mutationFn: ({ id, ...body }: OwnWordBody & { id: string }) =>
      call(client.PATCH('/api/{language}/own-words/{id}', { params: { path: { language, id } }, body })),
    onSuccess: refresh,
  });
}

export function useDeleteOwnWord(language: LanguageCode) {
  const refresh = useRefresh(language);
  return useMutation({
    mutationFn: (id: string) =>
      call(client.DELETE('/api/{language}/own-words/{id}', { params: { path: { language, id } } })),
    onSuccess: refresh,
  });
}
