import type { ErrorIssue } from '@vocab/api';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseFailure } from '../db/db-errors.js';
import { type DatabaseErrorMessage, databaseErrorChannel } from '../telemetry.js';
import { AppError, serviceUnavailable } from '../lib/errors.js';
import { type DatabaseHealth, STORAGE_RETRY_SECONDS, UNAVAILABLE_RETRY_SECONDS } from './database-health.js';

/** Every error the API sends: `{ error: { code, message, issues? } }` (packages/api ErrorBody). */
const errorBody = (code: string, message: string, issues?: ErrorIssue[]) => ({
  error: { code, message, ...(issues ? { issues } : {}) },
});

/** A validation failure's field as a dotted path (`/lines/3/word` is `lines.3.word`; the whole body is ``). */
const fieldPath = (instancePath: string | undefined) => (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');

/**
 * One place turns every failure into `{ error: { code, message } }`: our AppErrors with their status, Fastify's own
 * client
 * errors (bad JSON, body too large, wrong content type) as they are, a database that is away or cannot store
 * anything as 503 with Retry-After (it is no fault of the request, and retrying later may work), anything else as a
 * bare 500 whose details stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance, spaIndexHtml: string | null, health?: DatabaseHealth): void {
  app.setErrorHandler<FastifyError | AppError>((err, request, reply) => {
    const failure = err instanceof AppError ? null : databaseFailure(err);
    if (failure) {
      health?.noteFailure(failure, err);
      databaseErrorChannel.publish({ kind: failure } satisfies DatabaseErrorMessage);
      request.log.warn({ err }, failure === 'storage' ? 'database cannot store' : 'database unavailable');
      err =
        failure === 'storage'
          ? serviceUnavailable(
              'storage_unavailable',
              'Your change could not be saved right now. Please try again later.',
              STORAGE_RETRY_SECONDS,
            )
          : serviceUnavailable(
              'database_unavailable',
              'The service is briefly unavailable. Please try again shortly.',
              UNAVAILABLE_RETRY_SECONDS,
            );
    }
    if (err instanceof AppError) {
      void reply.status(err.status).headers(err.headers).send(errorBody(err.code, err.message));
      return;
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((issue) => ({
        path: fieldPath(issue.instancePath),
        message: issue.message ?? 'is invalid',
      }));
      const first = issues[0];
      const where = first?.path ? `${first.path}: ` : '';
      void reply
        .status(400)
        .send(
          errorBody(
            'invalid_input',
            `${err.validationContext ?? 'request'} ${where}${first?.message ?? 'is invalid'}`,
            issues,
          ),
        );
      return;
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      void reply.status(status).send(errorBody(codeFor(status, err.code), err.message));
      return;
    }
    request.log.error({ err }, 'request failed');
    void reply.status(500).send(errorBody('internal', 'Something went wrong on our side.'));
  });

  app.setNotFoundHandler((request, reply) => {
    // Every non-API GET is a route of the single-page app, which renders its own 404 page.
    if (spaIndexHtml && request.method === 'GET' && !request.url.startsWith('/api/')) {
      void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(spaIndexHtml);
      return;
    }
    void reply.status(404).send(errorBody('not_found', `No route ${request.method} ${request.url.split('?')[0]}`));
  });
}

/**
 * Fastify answers a malformed URL (`%ZZ`) or an over-long path parameter before routing, with its own body that
 * echoes the URL back. This gives those the API's shape and a fixed message.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  void reply
    .status(status)
    .send(
      errorBody(status === 414 ? 'uri_too_long' : 'bad_url', 'The address of this request is malformed or too long.'),
    );
}

function codeFor(status: number, fastifyCode: string | undefined): string {
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  return fastifyCode === 'FST_ERR_CTP_INVALID_JSON_BODY' || fastifyCode === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ? 'invalid_json'
    : 'bad_request';
}
