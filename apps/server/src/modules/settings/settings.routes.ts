import { Settings, SettingsPatch } from '@vocab/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionManager } from '../auth/session-manager.js';
import { DEFAULT_SETTINGS, type SettingsRepository } from './settings.repository.js';

/** The caller's settings: a visitor reads the defaults; the first change makes them a guest. */
export function settingsRoutes(settings: SettingsRepository, sessions: SessionManager): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/settings', { schema: { response: { 200: Settings } } }, async (request) =>
      request.learner ? settings.get(request.learner.id) : DEFAULT_SETTINGS,
    );

    app.patch('/api/settings', { schema: { body: SettingsPatch, response: { 200: Settings } } }, async (request, reply) => {
      const learner = await sessions.ensureLearner(request, reply);
      await settings.update(learner.id, request.body);
      return settings.get(learner.id);
    });
  };
}
