import { LanguageProgress, Summary, TimeZoneQuery } from '@vocab/api';
import { LANGUAGES, isTimeZone } from '@vocab/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.js';
import type { StatsService } from './stats.service.js';

function timeZone(tz: string): string {
  if (!isTimeZone(tz)) throw badRequest('invalid_input', `unknown time zone "${tz.slice(0, 64)}"`);
  return tz;
}

/** Streak, goal and XP for the navbar; per-language charts for the stats page. Visitors get zeros. */
export function statsRoutes(stats: StatsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/stats/summary', { schema: { querystring: TimeZoneQuery, response: { 200: Summary } } }, async (request) =>
      stats.summary(request.learner, timeZone(request.query.tz)),
    );
    for (const { code } of LANGUAGES.filter((l) => l.active)) {
      app.get(`/api/${code}/progress`, { schema: { querystring: TimeZoneQuery, response: { 200: LanguageProgress } } }, async (request) =>
        stats.languageProgress(request.learner, code, timeZone(request.query.tz)),
      );
    }
  };
}
