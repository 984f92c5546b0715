import type { AnswerBody, AnswerResponse } from '@vocab/api';
import type { Direction, LanguageCode } from '@vocab/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { type ReportAnswer, answerBody, isProgressQuery } from '../lib/answer-report';
import { sendWithRetry } from '../lib/send-with-retry';
import { answerGenericWordIncorrectly } from './answer-generic-word-incorrectly';
import { genericAnswerQuery, type GenericWordRef } from './answer-generic-word-query';

/** Records an accepted answer of the generic quiz or review (SPEC.md §7, answer-word). */
export const answerGenericWord = (language: LanguageCode, ref: GenericWordRef, body: AnswerBody) =>
  api<AnswerResponse>('PATCH', `/api/users/languages/${language}/quiz/answer-word/?${genericAnswerQuery(language, ref)}`, body);

/**
 * The generic quiz's reporter: an accepted answer goes to answer-word, a wrong one to answer-word-incorrectly.
 * `wordOf` gives the foreign word of an item id, which the calls carry in their query.
 */
export function useAnswerGenericWord(language: LanguageCode, direction: Direction, wordOf: (wordId: string) => string): ReportAnswer {
  const queryClient = useQueryClient();
  return useCallback<ReportAnswer>(
    async (report, ids) => {
      const body = answerBody(report, ids, direction);
      const ref = { wordId: report.itemId, word: wordOf(report.itemId) };
      const send = report.verdict === 'wrong' ? answerGenericWordIncorrectly : answerGenericWord;
      const saved = await sendWithRetry(() => send(language, ref, body));
      await queryClient.invalidateQueries({ predicate: isProgressQuery });
      return saved;
    },
    [language, direction, queryClient, wordOf],
  );
}
