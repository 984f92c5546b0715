import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  AddLanguageBody,
  AnswerBody,
  AnswerResponse,
  AnswerWordQuery,
  DirectionQuery,
  LanguageParam,
  UnlearnedResponse,
  UserLanguage,
  WordList,
} from '../learning.js';

/**
 * The account's calls of SPEC.md §7 under /api/users/languages. The router cannot tell `/{userId}/languages/{x}`
 * from `/{language}/for-review` by parameter name, so both take their first segment as `key` and say what it is.
 */
const KeyParams = z.object({ key: z.string().max(64) });
const UserLanguageParams = z.object({ key: z.string().max(64), language: LanguageParam });
/** `words=false` leaves `wordsLearned` (the whole list) out of the records: our screens show only the figures. */
export const RecordQuery = z.object({ words: z.enum(['true', 'false']).optional() });

const answerWord = <const P extends string>(path: P, summary: string) =>
  endpoint({
    method: 'PATCH',
    path: `/api/users/languages/{key}/quiz/${path}`,
    summary,
    tag: 'user-languages',
    params: KeyParams,
    query: AnswerWordQuery,
    body: AnswerBody.nullish(),
    responses: { 200: AnswerResponse },
  });

export const userLanguageEndpoints = {
  addLanguage: endpoint({
    method: 'POST',
    path: '/api/users/languages',
    summary: "Adds a language to the account's list",
    tag: 'user-languages',
    query: RecordQuery,
    body: AddLanguageBody,
    responses: { 201: UserLanguage },
  }),
  unlearned: endpoint({
    method: 'GET',
    path: '/api/users/languages/words/unlearned',
    summary: "The account's next batch of a language's words to learn",
    tag: 'user-languages',
    query: DirectionQuery.extend({ language: LanguageParam }),
    responses: { 200: UnlearnedResponse },
  }),
  userLanguages: endpoint({
    method: 'GET',
    path: '/api/users/languages/{key}',
    summary: "The account's language records (`key`: the account's own user id)",
    tag: 'user-languages',
    params: KeyParams,
    query: RecordQuery,
    responses: { 200: z.array(UserLanguage) },
  }),
  userLanguage: endpoint({
    method: 'GET',
    path: '/api/users/languages/{key}/languages/{language}',
    summary: "One of the account's language records, as a list of one (`key`: the account's own user id)",
    tag: 'user-languages',
    params: UserLanguageParams,
    query: RecordQuery,
    responses: { 200: z.array(UserLanguage) },
  }),
  forReview: endpoint({
    method: 'GET',
    path: '/api/users/languages/{key}/for-review',
    summary: "The account's words due for review (`key`: the language)",
    tag: 'user-languages',
    params: KeyParams,
    query: DirectionQuery,
    responses: { 200: WordList },
  }),
  answerWord: answerWord('answer-word/', 'Records a correct answer of the generic quiz (`key`: the language)'),
  answerWordIncorrectly: answerWord('answer-word-incorrectly', 'Records a wrong answer of the generic quiz (`key`: the language)'),
};
