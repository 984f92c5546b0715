import { ErrorBody, StatusBody } from '@vocab/api';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { databaseFailure } from '../../db/db-errors.js';
import { type DatabaseHealth, UNAVAILABLE_RETRY_SECONDS } from '../../plugins/database-health.js';

/** A health check must answer quickly even while the database does not: a load balancer's check times out too. */
const CHECK_DEADLINE_MS = 750;

/** The row a degraded server writes to learn whether it can store again (purged with expired rate limits). */
const WRITE_PROBE_KEY = 'health:write-probe';

/**
 * Health check for load balancers: 200 `ok` while the database answers and stores; 503 `starting` until the server
 * has migrated its database, `degraded` with `database: down` while the database does not answer within the
 * deadline, and `degraded` with `writes: failing` after a write failed for want of storage (until one succeeds;
 * this check tries one itself).
 */
export function statusRoutes(db: Db, health: DatabaseHealth): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/status', { schema: { response: { 200: StatusBody, 503: StatusBody.or(ErrorBody) } } }, async (request, reply) => {
      const deadline = Date.now() + CHECK_DEADLINE_MS;
      const unavailable = (body: StatusBody) => reply.status(503).header('retry-after', String(UNAVAILABLE_RETRY_SECONDS)).send(body);
      const up = await withinDeadline(sql`select 1`.execute(db.kysely), deadline).then(
        (answered) => answered,
        (err: unknown) => {
          request.log.warn({ err }, 'database unreachable');
          return false;
        },
      );
      if (!health.ready) return unavailable({ status: 'starting', database: up ? 'up' : 'down' });
      if (!up) return unavailable({ status: 'degraded', database: 'down' });
      if (health.storageFailure !== null && !(await canWrite(db, health, deadline))) {
        return unavailable({ status: 'degraded', database: 'up', writes: 'failing' });
      }
      return { status: 'ok' as const, database: 'up' as const };
    });
  };
}

async function canWrite(db: Db, health: DatabaseHealth, deadline: number): Promise<boolean> {
  try {
    const write = db.kysely
      .insertInto('rate_limits')
      .values({ key: WRITE_PROBE_KEY, hits: 1, reset_at: 0 })
      .onConflict((oc) => oc.column('key').doUpdateSet({ hits: sql<number>`rate_limits.hits + 1` }))
      .execute();
    if (!(await withinDeadline(write, deadline))) return false;
    health.noteWriteSucceeded();
    return true;
  } catch (err) {
    const failure = databaseFailure(err);
    if (failure) health.noteFailure(failure, err);
    return false;
  }
}

/** True when `work` finished before the deadline; it is left to finish (or time out) on its own otherwise. */
async function withinDeadline(work: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}
