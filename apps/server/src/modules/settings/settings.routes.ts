import { settingsEndpoints } from '@vocab/api';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve-endpoint.js';
import type { SessionManager } from '../auth/session-manager.js';
import { DEFAULT_SETTINGS, type SettingsRepository } from './settings.repository.js';

/** The caller's settings: a visitor reads the defaults; the first change makes them a guest. */
export function settingsRoutes(settings: SettingsRepository, sessions: SessionManager): FastifyPluginAsync {
  return async (app) => {
    serve(app, settingsEndpoints.getSettings, async (request) =>
      request.learner ? settings.get(request.learner.id) : DEFAULT_SETTINGS,
    );

    serve(app, settingsEndpoints.updateSettings, async (request, reply) => {
      const claim = await sessions.claim(request, reply);
      await settings.update(claim, request.body);
      return settings.get(claim.learner.id);
    });
  };
}
