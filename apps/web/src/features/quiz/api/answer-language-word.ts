import type { AnswerBody } from '@vocab/api';
import type { LanguageCode } from '@vocab/core';
import { call, client } from '@/lib/api-client';

/**
 * Records an answer to a word of a per-language quiz or review (PATCH /api/:language/:id). The quiz sends it through
 * its answer queue (offline/answer-queue.ts).
 */
export const answerLanguageWord = (language: LanguageCode, wordId: string, body: AnswerBody) =>
  call(client.PATCH('/api/{language}/{id}', { params: { path: { language, id: wordId } }, body }));
