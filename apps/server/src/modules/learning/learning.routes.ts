import { learningEndpoints } from '@vocab/api';
import type { FastifyPluginAsync } from 'fastify';
import { unauthorized } from '../../lib/errors.js';
import { serve } from '../../lib/serve-endpoint.js';
import type { SessionManager } from '../auth/session-manager.js';
import type { LearningService } from './learning.service.js';

/**
 * The per-language calls of the original API (`/api/spanish`, `/api/french`, …), one set per active language.
 * They read and change the caller's own cards: an account's, or a guest's made on the first answer.
 */
export function learningRoutes(learning: LearningService, sessions: SessionManager): FastifyPluginAsync {
  return async (app) => {
    serve(app, learningEndpoints.words, async (request, _reply, code) => {
      const { unlearned, limit, ...options } = request.query;
      if (unlearned === 'true') return learning.batch(request.learner, code, { ...options, limit });
      if (limit !== undefined) return (await learning.list(request.learner, code, options)).slice(0, limit);
      // The whole list comes as JSON already, its words checked against Word when the deck was read (word-list.ts).
      return learning.listJson(request.learner, code, options);
    });

    serve(app, learningEndpoints.languageStats, async (request, _reply, code) =>
      learning.stats(request.learner, code, request.query),
    );

    serve(app, learningEndpoints.lexicon, async (request, reply, code) => {
      // The deck changes only with a release: let the browser keep it for an hour.
      void reply.header('cache-control', 'private, max-age=3600');
      return learning.lexicon(request.learner, code);
    });

    serve(app, learningEndpoints.forReview, async (request, _reply, code) =>
      learning.due(request.learner, code, request.query),
    );

    serve(app, learningEndpoints.answer, async (request, reply, code) => {
      const body = request.body ?? {};
      return learning.answer(await sessions.claim(request, reply), code, {
        ...body,
        wordId: request.params.id,
        verdict: body.verdict ?? 'correct',
      });
    });

    for (const [endpoint, correctInstead] of [
      [learningEndpoints.undoAnswer, false],
      [learningEndpoints.iWasRight, true],
    ] as const) {
      serve(app, endpoint, async (request, _reply, code) => {
        const learner = request.learner;
        if (!learner) throw unauthorized();
        return learning.undo(learner, code, { answerId: request.params.answerId, correctInstead });
      });
    }

    serve(app, learningEndpoints.addWord, async (request, reply, code) => {
      const { word, translation } = request.body;
      const added = await learning.addOwnWord(await sessions.claim(request, reply), code, { word, translation });
      return reply.status(201).send(added);
    });

    serve(app, learningEndpoints.ownWords, async (request, _reply, code) => learning.ownWords(request.learner, code));

    serve(app, learningEndpoints.editOwnWord, async (request, _reply, code) => {
      if (!request.learner) throw unauthorized();
      const { word, translation } = request.body;
      return learning.editOwnWord(request.learner, code, { id: request.params.id, word, translation });
    });

    serve(app, learningEndpoints.deleteOwnWord, async (request, _reply, code) => {
      if (!request.learner) throw unauthorized();
      await learning.deleteOwnWord(request.learner, code, request.params.id);
      return { ok: true as const };
    });
  };
}
