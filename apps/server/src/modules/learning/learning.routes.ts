import { AddWordBody, AnswerBody, AnswerResponse, DirectionQuery, LanguageStats, Lexicon, Word, WordList } from '@vocab/api';
import { LANGUAGES } from '@vocab/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors.js';
import type { SessionManager } from '../auth/session-manager.js';
import type { LearningService } from './learning.service.js';

const IdParams = z.object({ id: z.string().regex(/^\d{1,12}$/, 'id must be a word id') });
/**
 * `GET /api/{language}` is the learner's whole list (SPEC.md §7); `unlearned=true` asks instead for the next batch
 * to learn (our quiz screens), `limit` words long (15 by default). `limit` alone keeps the first words of the list.
 */
const WordsQuery = DirectionQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  unlearned: z.enum(['true', 'false']).optional(),
});

/**
 * The per-language calls of SPEC.md §7 (`/api/spanish`, `/api/french`, …), one set per active language.
 * They read and change the caller's own progress: an account's, or a guest's made on the first answer.
 */
export function learningRoutes(learning: LearningService, sessions: SessionManager): FastifyPluginAsyncZod {
  return async (app) => {
    for (const { code } of LANGUAGES.filter((l) => l.active)) {
      const base = `/api/${code}`;

      app.get(base, { schema: { querystring: WordsQuery, response: { 200: WordList } } }, async (request, reply) => {
        const { unlearned, limit, ...options } = request.query;
        if (unlearned === 'true') return learning.batch(request.learner, code, { ...options, limit });
        if (limit !== undefined) return (await learning.list(request.learner, code, options)).slice(0, limit);
        // The whole list comes as JSON already, its words checked against Word when the deck was read (word-list.ts):
        // a string with a JSON type is sent as it is, not serialised again.
        const json = await learning.listJson(request.learner, code, options);
        return reply.type('application/json; charset=utf-8').send(json as unknown as Word[]);
      });

      app.get(`${base}/stats`, { schema: { querystring: DirectionQuery, response: { 200: LanguageStats } } }, async (request) =>
        learning.stats(request.learner, code, request.query),
      );

      app.get(`${base}/lexicon`, { schema: { response: { 200: Lexicon } } }, async (request, reply) => {
        // The deck changes only with a release: let the browser keep it for an hour.
        void reply.header('cache-control', 'private, max-age=3600');
        return learning.lexicon(request.learner, code);
      });

      app.get(`${base}/for-review`, { schema: { querystring: DirectionQuery, response: { 200: WordList } } }, async (request) =>
        learning.due(request.learner, code, request.query),
      );

      app.patch(
        `${base}/:id`,
        { schema: { params: IdParams, body: AnswerBody.nullish(), response: { 200: AnswerResponse } } },
        async (request, reply) => {
          if (!request.learner) await learning.checkVisitorRequest(code, { wordId: Number(request.params.id) });
          const learner = await sessions.ensureLearner(request, reply);
          const body = request.body ?? {};
          return learning.answer(learner, code, Number(request.params.id), { ...body, verdict: body.verdict ?? 'correct' });
        },
      );

      const answerParams = z.object({ answerId: AnswerBody.shape.answerId.unwrap() });
      for (const [action, correctInstead] of [['undo', false], ['i-was-right', true]] as const) {
        app.post(`${base}/answers/:answerId/${action}`, { schema: { params: answerParams, response: { 200: AnswerResponse } } }, async (request) => {
          const learner = request.learner;
          if (!learner) throw unauthorized();
          return learning.undo(learner, code, request.params.answerId, correctInstead);
        });
      }

      app.post(base, { schema: { body: AddWordBody, response: { 201: Word } } }, async (request, reply) => {
        if (!request.learner) await learning.checkVisitorRequest(code, { word: request.body.word });
        const learner = await sessions.ensureLearner(request, reply);
        const word = await learning.addOwnWord(learner, code, request.body.word, request.body.translation);
        return reply.status(201).send(word);
      });
    }
  };
}
