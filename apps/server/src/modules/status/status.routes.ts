import { type StatusBody, statusEndpoints } from '@vocab/api';
import type { FastifyPluginAsync } from 'fastify';
import { databaseFailure } from '../../db/db-errors.js';
import { type DatabaseHealth, UNAVAILABLE_RETRY_SECONDS } from '../../plugins/database-health.js';
import type { RequestLatency } from '../../plugins/request-latency.js';
import { serve } from '../../lib/serve-endpoint.js';
import type { StatusRepository } from './status.repository.js';

/** A health check must answer quickly even while the database does not: a load balancer's check times out too. */
const CHECK_DEADLINE_MS = 750;
/** From this 99th percentile of the last minute's answers on, the instance says `slow`. */
export const SLOW_P99_MS = 1_000;

/**
 * Health check for load balancers: 200 `ok` while the database answers and stores; 503 `starting` until the server
 * has migrated its database, `degraded` with `database: down` while the database does not answer within the
 * deadline, and `degraded` with `writes: failing` while the instance cannot take an answer: on SQLite while its
 * disk has less room than a few answers need (STORAGE_HEADROOM_BYTES; the check's own one-row write would fit
 * where an answer does not), and everywhere after a write failed for want of storage, until a write this check
 * tries succeeds. Every answer gives the last minute's requests and their 99th percentile; while that is a second
 * or more, a working instance says `slow`, still with 200: a load balancer should keep a slow instance (taking every
 * instance out when a shared database slows down would turn slowness into an outage), an operator should look.
 */
export function statusRoutes(
  status: StatusRepository,
  health: DatabaseHealth,
  latency: RequestLatency,
): FastifyPluginAsync {
  return async (app) => {
    serve(app, statusEndpoints.status, async (request, reply) => {
      const deadline = Date.now() + CHECK_DEADLINE_MS;
      const lastMinute = latency.lastMinute();
      const unavailable = (body: Omit<StatusBody, 'lastMinute'>) =>
        reply
          .status(503)
          .header('retry-after', String(UNAVAILABLE_RETRY_SECONDS))
          .send({ ...body, lastMinute });
      const up = await withinDeadline(status.ping(), deadline).then(
        (answered) => answered,
        (err: unknown) => {
          request.log.warn({ err }, 'database unreachable');
          return false;
        },
      );
      if (!health.ready) return unavailable({ status: 'starting', database: up ? 'up' : 'down' });
      if (!up) return unavailable({ status: 'degraded', database: 'down' });
      if (
        (await status.lowOnSpace()) ||
        (health.storageFailure !== null && !(await canWrite(status, health, deadline)))
      ) {
        return unavailable({ status: 'degraded', database: 'up', writes: 'failing' });
      }
      const slow = lastMinute.p99Ms !== null && lastMinute.p99Ms >= SLOW_P99_MS;
      return { status: slow ? ('slow' as const) : ('ok' as const), database: 'up' as const, lastMinute };
    });
  };
}

async function canWrite(status: StatusRepository, health: DatabaseHealth, deadline: number): Promise<boolean> {
  try {
    if (!(await withinDeadline(status.probeWrite(), deadline))) return false;
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
