import {
  LanguageParam,
  type RecordQuery,
  type UnlearnedResponse,
  UserLanguage,
  userLanguageEndpoints,
} from '@vocab/api';
import { type LanguageCode, getLanguage } from '@vocab/core';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { badRequest, forbidden } from '../../lib/errors.js';
import { JsonText } from '../../lib/json-text.js';
import { serve } from '../../lib/serve-endpoint.js';
import type { Learner } from '../../lib/learner.js';
import { requireAccount } from '../auth/session-manager.js';
import type { LearningService } from './learning.service.js';

const recordOptions = (query: z.infer<typeof RecordQuery>) => ({ words: query.words !== 'false' });

function ownUser(learner: Learner, userId: string): void {
  // Another learner's id is refused whether it exists or not: no one reads another's data, or learns who exists.
  if (userId !== learner.id) throw forbidden('You can only see your own languages.');
}

function languageOf(key: string): LanguageCode {
  const parsed = LanguageParam.safeParse(key);
  if (!parsed.success) throw badRequest('invalid_input', `unknown language "${key.slice(0, 40)}"`);
  return parsed.data;
}

/**
 * Records with their whole lists, as JSON: each record's figures are checked against UserLanguage and serialised,
 * and its list is spliced in as the JSON word-list.ts builds from the deck's (the original client's home asks for
 * every word of every language; serialising them word by word was most of that answer's time).
 */
async function recordsJson(
  learning: LearningService,
  learner: Learner,
  records: UserLanguage[],
): Promise<JsonText<UserLanguage[]>> {
  const parts = await Promise.all(
    records.map(async (r) => {
      const wordsLearned = (await learning.listJson(learner, r.language)).text;
      return `${JSON.stringify(UserLanguage.parse(r)).slice(0, -1)},"wordsLearned":${wordsLearned}}`;
    }),
  );
  return new JsonText(`[${parts.join(',')}]`);
}

function activeLanguage(code: LanguageCode): LanguageCode {
  if (!getLanguage(code).active) throw badRequest('language_inactive', `${getLanguage(code).name} is coming soon.`);
  return code;
}

/** The account's calls of the original API under /api/users/languages (packages/api endpoints/user-languages.ts). */
export function userLanguagesRoutes(learning: LearningService): FastifyPluginAsync {
  return async (app) => {
    // Every route here is an account's: a visitor learns nothing, not even whether the input was valid.
    app.addHook('onRequest', (request, _reply, done) => {
      requireAccount(request);
      done();
    });

    serve(app, userLanguageEndpoints.addLanguage, async (request, reply) => {
      const learner = requireAccount(request);
      return reply
        .status(201)
        .send(await learning.addLanguage(learner, activeLanguage(request.body.language), recordOptions(request.query)));
    });

    serve(app, userLanguageEndpoints.unlearned, async (request) => {
      const learner = requireAccount(request);
      const batch = await learning.batch(learner, activeLanguage(request.query.language), request.query);
      return new JsonText<UnlearnedResponse>(`{"wordsLearned":${batch.text}}`);
    });

    serve(app, userLanguageEndpoints.userLanguages, async (request) => {
      const learner = requireAccount(request);
      ownUser(learner, request.params.userId);
      const records = await learning.userLanguages(learner, { words: false });
      if (!recordOptions(request.query).words) return records;
      return recordsJson(learning, learner, records);
    });

    serve(app, userLanguageEndpoints.userLanguage, async (request) => {
      const learner = requireAccount(request);
      ownUser(learner, request.params.userId);
      const records = [await learning.userLanguage(learner, request.params.language, { words: false })];
      if (!recordOptions(request.query).words) return records;
      return recordsJson(learning, learner, records);
    });

    serve(app, userLanguageEndpoints.forReview, async (request) => {
      const learner = requireAccount(request);
      return learning.due(learner, languageOf(request.params.language), request.query);
    });

    for (const [endpoint, defaultVerdict] of [
      [userLanguageEndpoints.answerWord, 'correct'],
      [userLanguageEndpoints.answerWordIncorrectly, 'wrong'],
    ] as const) {
      serve(app, endpoint, async (request) => {
        const learner = requireAccount(request);
        const language = languageOf(request.params.language);
        if (request.query.language && request.query.language !== language) {
          throw badRequest('invalid_input', 'the language in the query differs from the path');
        }
        const body = request.body ?? {};
        return learning.answer({ learner }, language, {
          ...body,
          wordId: request.query.wordId,
          verdict: body.verdict ?? defaultVerdict,
        });
      });
    }
  };
}
