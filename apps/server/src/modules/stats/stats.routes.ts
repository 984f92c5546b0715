import { statsEndpoints } from '@vocab/api';
import { isTimeZone } from '@vocab/core';
import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../../lib/errors.js';
import { serve } from '../../lib/serve-endpoint.js';
import type { StatsService } from './stats.service.js';

function timeZone(tz: string): string {
  if (!isTimeZone(tz)) throw badRequest('invalid_input', `unknown time zone "${tz.slice(0, 64)}"`);
  return tz;
}

/** Streak, goal and XP for the navbar; per-language charts for the stats page. Visitors get zeros. */
export function statsRoutes(stats: StatsService): FastifyPluginAsync {
  return async (app) => {
    serve(app, statsEndpoints.summary, async (request) => stats.summary(request.learner, timeZone(request.query.tz)));
    serve(app, statsEndpoints.languageCharts, async (request, _reply, language) =>
      stats.languageCharts(request.learner, language, timeZone(request.query.tz)),
    );
  };
}
