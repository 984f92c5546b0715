import { type LanguageCode, type Lexicon as WordLexicon, buildLexicon, getLanguage } from '@vocab/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, client } from '@/lib/api-client';
import { useSettings } from '@/lib/settings';
import { queryKey } from '@/lib/query-keys';

export const getLexicon = (language: LanguageCode) =>
  call(client.GET('/api/{language}/lexicon', { params: { path: { language } } }));

/** Every answer form of a language changes only with a release: fetched once per visit. */
export const lexiconQueryOptions = (language: LanguageCode) =>
  queryOptions({
    queryKey: queryKey('/api/{language}/lexicon', { path: { language } }),
    queryFn: () => getLexicon(language),
    staleTime: 60 * 60_000,
  });

export interface QuizSupport {
  /** True until both answers: a quiz waits for them, so its rules do not change under the learner. */
  pending: boolean;
  strictAccents: boolean;
  autoSpeak: boolean;
  /** The whole language's words, so typo tolerance never accepts another real word; null if unavailable. */
  lexicon: WordLexicon | null;
}

/** What a word quiz needs besides its words: the learner's accent setting and the language's lexicon. */
export function useQuizSupport(language: LanguageCode): QuizSupport {
  const settings = useSettings();
  const lexicon = useQuery({
    ...lexiconQueryOptions(language),
    select: (data) => buildLexicon(data.entries, getLanguage(language)),
  });
  // Either failing is no reason to stop a learner: the quiz falls back to the defaults and the batch's words.
  return {
    pending: settings.isPending || lexicon.isPending,
    strictAccents: settings.data?.strictAccents ?? false,
    autoSpeak: settings.data?.autoSpeak ?? false,
    lexicon: lexicon.data ?? null,
  };
}
