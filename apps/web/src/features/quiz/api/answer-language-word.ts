import type { AnswerBody, AnswerResponse } from '@vocab/api';
import type { Direction, LanguageCode } from '@vocab/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { type ReportAnswer, answerBody, isProgressQuery } from '../lib/answer-report';
import { sendWithRetry } from '../lib/send-with-retry';

/** Records an answer to a word of a per-language quiz or review (PATCH /api/:language/:id). */
export const answerLanguageWord = (language: LanguageCode, wordId: string, body: AnswerBody) =>
  api<AnswerResponse>('PATCH', `/api/${language}/${encodeURIComponent(wordId)}`, body);

/**
 * The quiz's reporter for a language and the card direction it practises: fire and forget, retried, then the
 * progress figures are refreshed.
 */
export function useAnswerLanguageWord(language: LanguageCode, direction: Direction): ReportAnswer {
  const queryClient = useQueryClient();
  return useCallback<ReportAnswer>(
    async (report, ids) => {
      const body = answerBody(report, ids, direction);
      const saved = await sendWithRetry(() => answerLanguageWord(language, report.itemId, body));
      await queryClient.invalidateQueries({ predicate: isProgressQuery });
      return saved;
    },
    [language, direction, queryClient],
  );
}
