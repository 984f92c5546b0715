import { createHash, timingSafeEqual } from 'node:crypto';
import { type Endpoint, learningEndpoints, userLanguageEndpoints } from '@vocab/api';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import {
  type DatabaseErrorMessage,
  type GroupCommitMessage,
  type MemoryFitMessage,
  databaseErrorChannel,
  groupCommitChannel,
  memoryFitChannel,
} from '../telemetry.js';
import type { RequestLatency } from './request-latency.js';

export const METRICS_PATH = '/api/metrics';

/** The calls that record an answer: the quiz's, and the generic quiz's of the original's calls. */
const ANSWER_ENDPOINTS = new Set<Endpoint>([
  learningEndpoints.answer,
  userLanguageEndpoints.answerWord,
  userLanguageEndpoints.answerWordIncorrectly,
]);

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Prometheus metrics (prom-client), on only when the operator sets METRICS_TOKEN: GET /api/metrics with
 * `Authorization: Bearer <token>`. Requests by route (the declared path, `/api/{language}/{id}`, so that the number
 * of series stays bounded) and status, their latency, answers, SQLite's group commits (size, and each answer's wait
 * for its commit), database failures, memory-model fits by outcome, the 99th percentile of the last minute's API
 * answers (as /api/status gives it), and the process's own (event loop lag, memory).
 * Each app has its own registry, so that tests may build several.
 */
export function registerMetrics(app: FastifyInstance, token: string, requestLatency: RequestLatency): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'vocab_' });
  const requests = new Counter({
    name: 'vocab_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'vocab_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const answers = new Counter({
    name: 'vocab_answers_total',
    help: 'Answers sent, by whether they were stored (accepted) or refused',
    labelNames: ['result'],
    registers: [registry],
  });
  const commitSize = new Histogram({
    name: 'vocab_group_commit_size',
    help: 'Pieces of work per SQLite group commit',
    buckets: [1, 2, 4, 8, 16, 32],
    registers: [registry],
  });
  const commitWait = new Histogram({
    name: 'vocab_group_commit_wait_seconds',
    help: 'Time from a write being asked for to its group commit being durable (SQLite)',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const commitFailures = new Counter({
    name: 'vocab_group_commit_failures_total',
    help: 'SQLite group commits that failed as a whole',
    registers: [registry],
  });
  const dbErrors = new Counter({
    name: 'vocab_database_errors_total',
    help: 'Requests failed because the database was unavailable or could not store',
    labelNames: ['kind'],
    registers: [registry],
  });
  new Gauge({
    name: 'vocab_http_request_duration_p99_last_minute_seconds',
    help: "The 99th percentile of this instance's API answers in the last minute (0 with none)",
    registers: [registry],
    collect() {
      this.set((requestLatency.lastMinute().p99Ms ?? 0) / 1000);
    },
  });
  const fits = new Counter({
    name: 'vocab_memory_fits_total',
    help: 'Memory-model fits, by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });

  const onCommit = (message: unknown) => {
    const m = message as GroupCommitMessage;
    commitSize.observe(m.size);
    for (const wait of m.waitSeconds) commitWait.observe(wait);
    if (!m.ok) commitFailures.inc();
  };
  const onDbError = (message: unknown) => dbErrors.inc({ kind: (message as DatabaseErrorMessage).kind });
  const onFit = (message: unknown) => fits.inc({ outcome: (message as MemoryFitMessage).outcome });
  groupCommitChannel.subscribe(onCommit);
  databaseErrorChannel.subscribe(onDbError);
  memoryFitChannel.subscribe(onFit);
  app.addHook('onClose', async () => {
    groupCommitChannel.unsubscribe(onCommit);
    databaseErrorChannel.unsubscribe(onDbError);
    memoryFitChannel.unsubscribe(onFit);
  });

  app.addHook('onResponse', (request, reply, done) => {
    const endpoint = request.routeOptions.config.endpoint;
    const route = endpoint?.path ?? request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (endpoint && ANSWER_ENDPOINTS.has(endpoint))
      answers.inc({ result: reply.statusCode < 400 ? 'accepted' : 'refused' });
    done();
  });

  const expected = digest(`Bearer ${token}`);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    // Compared as digests of equal length, in constant time: the answer's timing tells nothing of the token.
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: { code: 'unauthorized', message: 'A valid metrics token is needed.' } });
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
