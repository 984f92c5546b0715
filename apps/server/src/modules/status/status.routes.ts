import { StatusBody } from '@vocab/api';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';

/** Health check for load balancers: 200 while the database answers, 503 when it does not. */
export function statusRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/status', { schema: { response: { 200: StatusBody, 503: StatusBody } } }, async (request, reply) => {
      try {
        await sql`select 1`.execute(db.kysely);
        return { status: 'ok' as const, database: 'up' as const };
      } catch (err) {
        request.log.warn({ err }, 'database unreachable');
        return reply.status(503).send({ status: 'degraded', database: 'down' });
      }
    });
  };
}
