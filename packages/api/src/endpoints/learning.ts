import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { OkBody } from '../common.js';
import {
  AddWordBody,
  AnswerBody,
  AnswerResponse,
  DirectionQuery,
  LanguageStats,
  Lexicon,
  OwnWordBody,
  Word,
  WordList,
} from '../learning.js';
import { LanguagePath } from './language-path.js';

/**
 * `GET /api/{language}` is the learner's whole list; `unlearned=true` asks instead for the next batch
 * to learn (our quiz screens), `limit` words long (15 by default). `limit` alone keeps the first words of the list.
 */
export const WordsQuery = DirectionQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  unlearned: z.enum(['true', 'false']).optional(),
});

/** A word's id in a path: digits, read as the number the server works with. */
const WordParams = LanguagePath.extend({
  id: z
    .string()
    .regex(/^\d{1,12}$/, 'id must be a word id')
    .transform(Number),
});
const AnswerParams = LanguagePath.extend({ answerId: AnswerBody.shape.answerId.unwrap() });

const correction = <const A extends 'undo' | 'i-was-right'>(action: A, summary: string) =>
  endpoint({
    method: 'POST',
    path: `/api/{language}/answers/{answerId}/${action}`,
    summary,
    tag: 'learning',
    params: AnswerParams,
    responses: { 200: AnswerResponse },
  });

/**
 * The per-language calls of the original (`/api/spanish`, `/api/french`, …). They read and change the caller's own
 * progress: an account's, or a guest's made on the first answer.
 */
export const learningEndpoints = {
  words: endpoint({
    method: 'GET',
    path: '/api/{language}',
    summary: "The caller's whole list of a language, or (`unlearned=true`) the next batch to learn",
    tag: 'learning',
    params: LanguagePath,
    query: WordsQuery,
    responses: { 200: WordList },
  }),
  languageStats: endpoint({
    method: 'GET',
    path: '/api/{language}/stats',
    summary: "The caller's progress figures of a language",
    tag: 'learning',
    params: LanguagePath,
    query: DirectionQuery,
    responses: { 200: LanguageStats },
  }),
  lexicon: endpoint({
    method: 'GET',
    path: '/api/{language}/lexicon',
    summary: 'Every word of a language the caller sees, for typo tolerance in the browser',
    tag: 'learning',
    params: LanguagePath,
    responses: { 200: Lexicon },
  }),
  forReview: endpoint({
    method: 'GET',
    path: '/api/{language}/for-review',
    summary: "The caller's words due for review",
    tag: 'learning',
    params: LanguagePath,
    query: DirectionQuery,
    responses: { 200: WordList },
  }),
  answer: endpoint({
    method: 'PATCH',
    path: '/api/{language}/{id}',
    summary: 'Records an answer to a word (correct without a body); a visitor becomes a guest',
    tag: 'learning',
    params: WordParams,
    body: AnswerBody.nullish(),
    responses: { 200: AnswerResponse },
  }),
  undoAnswer: correction('undo', 'Takes back an answer'),
  iWasRight: correction('i-was-right', 'Counts a wrong answer as correct after all'),
  addWord: endpoint({
    method: 'POST',
    path: '/api/{language}',
    summary: "Adds a word to the caller's own list; a visitor becomes a guest",
    tag: 'learning',
    params: LanguagePath,
    body: AddWordBody,
    responses: { 201: Word },
  }),
  ownWords: endpoint({
    method: 'GET',
    path: '/api/{language}/own-words',
    summary: "The caller's own words of a language, by word (a visitor has none)",
    tag: 'learning',
    params: LanguagePath,
    responses: { 200: WordList },
  }),
  editOwnWord: endpoint({
    method: 'PATCH',
    path: '/api/{language}/own-words/{id}',
    summary: "Changes one of the caller's own words; its cards and review history stay with it",
    tag: 'learning',
    params: WordParams,
    body: OwnWordBody,
    responses: { 200: Word },
  }),
  deleteOwnWord: endpoint({
    method: 'DELETE',
    path: '/api/{language}/own-words/{id}',
    summary: "Deletes one of the caller's own words, with its cards and review history",
    tag: 'learning',
    params: WordParams,
    responses: { 200: OkBody },
  }),
};
