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
 * The account's calls under /api/users/languages, the original API's. Their first segment is the account's own user
 * id in some (`{userId}`) and a language in others (`{language}`): the router tells them apart by what follows.
 * A language here is any text up to 64 characters, so that an unknown one is a 404 from the service, as before.
 */
const UserParams = z.object({ userId: z.string().max(64) });
const LanguageSegment = z.object({ language: z.string().max(64) });
const UserLanguageParams = z.object({ userId: z.string().max(64), language: LanguageParam });
/** `words=false` leaves `wordsLearned` (the whole list) out of the records: our screens show only the figures. */
export const RecordQuery = z.object({ words: z.enum(['true', 'false']).optional() });

const answerWord = <const P extends string>(path: P, summary: string) =>
  endpoint({
    method: 'PATCH',
    path: `/api/users/languages/{language}/quiz/${path}`,
    summary,
    tag: 'user-languages',
    params: LanguageSegment,
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
    path: '/api/users/languages/{userId}',
    summary: "The account's language records (`userId`: the account's own)",
    tag: 'user-languages',
    params: UserParams,
    query: RecordQuery,
    responses: { 200: z.array(UserLanguage) },
  }),
  userLanguage: endpoint({
    method: 'GET',
    path: '/api/users/languages/{userId}/languages/{language}',
    summary: "One of the account's language records, as a list of one (`userId`: the account's own)",
    tag: 'user-languages',
    params: UserLanguageParams,
    query: RecordQuery,
    responses: { 200: z.array(UserLanguage) },
  }),
  forReview: endpoint({
    method: 'GET',
    path: '/api/users/languages/{language}/for-review',
    summary: "The account's words due for review in a language",
    tag: 'user-languages',
    params: LanguageSegment,
    query: DirectionQuery,
    responses: { 200: WordList },
  }),
  answerWord: answerWord('answer-word/', 'Records a correct answer of the generic quiz'),
  answerWordIncorrectly: answerWord('answer-word-incorrectly', 'Records a wrong answer of the generic quiz'),
};
