import type { AnswerResponse } from '@vocab/api';
import type { LanguageCode } from '@vocab/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { type AnswerCorrection, type CorrectAnswer, isProgressQuery } from '../lib/answer-report';
import { sendWithRetry } from '../lib/send-with-retry';

/** Takes back a saved answer, or records it as correct ("I was right"): the answer knows its word and direction. */
export const correctAnswer = (language: LanguageCode, answerId: string, correction: AnswerCorrection) =>
  api<AnswerResponse>('POST', `/api/${language}/answers/${encodeURIComponent(answerId)}/${correction}`);

/** Sends the learner's corrections of their answers in a language, retried, then refreshes the progress figures. */
export function useCorrectAnswer(language: LanguageCode): CorrectAnswer {
  const queryClient = useQueryClient();
  return useCallback<CorrectAnswer>(
    async (answerId, correction) => {
      const saved = await sendWithRetry(() => correctAnswer(language, answerId, correction));
      await queryClient.invalidateQueries({ predicate: isProgressQuery });
      return saved;
    },
    [language, queryClient],
  );
}
