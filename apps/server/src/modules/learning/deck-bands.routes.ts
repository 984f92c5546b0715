import { bandEndpoints } from '@vocab/api';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve-endpoint.js';
import type { SessionManager } from '../auth/session-manager.js';
import type { DeckBandsService } from './deck-bands.js';

/** A language's deck in bands, and starting the next band early (a visitor becomes a guest, as on a first answer). */
export function deckBandsRoutes(bands: DeckBandsService, sessions: SessionManager): FastifyPluginAsync {
  return async (app) => {
    serve(app, bandEndpoints.deckBands, async (request, _reply, language) => bands.bands(request.learner, language));

    serve(app, bandEndpoints.startBand, async (request, reply, language) => {
      return bands.start(await sessions.claim(request, reply), language, request.body.first);
    });
  };
}
