import type { LanguageCode } from '@vocab/core';
import { call, client } from '@/lib/api-client';
import type { AnswerCorrection } from '../lib/answer-report';

/**
 * Takes back a saved answer, or records it as correct ("I was right"): the answer knows its word and direction. The
 * quiz sends it through its answer queue, after the answer it corrects (offline/answer-queue.ts).
 */
export const correctAnswer = (language: LanguageCode, answerId: string, correction: AnswerCorrection) =>
  call(client.POST(`/api/{language}/answers/{answerId}/${correction}`, { params: { path: { language, answerId } } }));
