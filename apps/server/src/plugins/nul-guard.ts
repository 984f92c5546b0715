import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.js';

/**
 * PostgreSQL text cannot hold U+0000 (the insert fails with a 500) while SQLite stores it; no field of ours needs
 * it. Refusing it in every body, query and path keeps both engines answering the same 400.
 */
export function registerNulGuard(app: FastifyInstance): void {
  // With `done`, not async: it runs on every request (a throw still refuses it, as Fastify catches it).
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      throw badRequest('invalid_input', 'text must not contain NUL characters');
    }
    done();
  });
}

/** Our schemas are flat: deeper structures fail validation anyway, so the walk stops early. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // A file's bytes (an import) are decoded and checked by its route; walking them as an object costs seconds.
  if (value instanceof Uint8Array) return false;
  if (value === null || typeof value !== 'object' || depth > 8) return false;
  return Object.entries(value).some(([key, v]) => key.includes('\u0000') || hasNul(v, depth + 1));
}
