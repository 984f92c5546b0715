import { placementEndpoints } from '@vocab/api';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve-endpoint.js';
import type { SessionManager } from '../auth/session-manager.js';
import type { PlacementService } from './placement.service.js';

/**
 * The placement test of each active language: the next words to ask (anyone, nothing written), finishing
 * (writes the result and the known cards; a visitor becomes a guest, as on a first answer), the latest result.
 */
export function placementRoutes(placement: PlacementService, sessions: SessionManager): FastifyPluginAsync {
  return async (app) => {
    serve(app, placementEndpoints.latestPlacement, async (request, _reply, language) =>
      placement.latest(request.learner, language),
    );

    serve(app, placementEndpoints.nextPlacementWords, async (request, _reply, language) =>
      placement.next(language, request.body.answers),
    );

    serve(app, placementEndpoints.finishPlacement, async (request, reply, language) => {
      return placement.finish(await sessions.claim(request, reply), language, request.body.answers);
    });
  };
}
