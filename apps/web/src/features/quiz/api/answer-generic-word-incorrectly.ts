import type { AnswerBody, AnswerResponse } from '@vocab/api';
import type { LanguageCode } from '@vocab/core';
import { api } from '@/lib/api-client';
import { genericAnswerQuery, type GenericWordRef } from './answer-generic-word-query';

/** Records a wrong answer of the generic quiz or review (SPEC.md §7, answer-word-incorrectly). */
export const answerGenericWordIncorrectly = (language: LanguageCode, ref: GenericWordRef, body: AnswerBody) =>
  api<AnswerResponse>('PATCH', `/api/users/languages/${language}/quiz/answer-word-incorrectly?${genericAnswerQuery(language, ref)}`, body);
