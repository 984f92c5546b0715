import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Whether a route's body schema lets the body be absent: none at all, or one that accepts undefined. */
const optionalBody = new WeakMap<object, boolean>();

function takesNoBody(request: FastifyRequest): boolean {
  const schema: unknown = request.routeOptions.schema?.body;
  if (schema === undefined || schema === null) return true;
  if (typeof schema !== 'object') return false;
  let optional = optionalBody.get(schema);
  if (optional === undefined) {
    const zod = schema as { safeParse?: (value: unknown) => { success: boolean } };
    optional = typeof zod.safeParse === 'function' && zod.safeParse(undefined).success;
    optionalBody.set(schema, optional);
  }
  return optional;
}

/**
 * An empty body is no body, whatever its Content-Type says. axios 0.21, which the original client uses, sends
 * `patch(url, null)` with `Content-Type: application/x-www-form-urlencoded` and nothing after it; Fastify would look
 * for a parser of that type and answer 415. On a route whose body is absent or optional (the answer calls, undo,
 * logout), the label of an empty body is dropped before parsing. A body with content is parsed as before: a type
 * the route does not take is still 415, and a route that needs a body still refuses an empty one.
 */
export function registerEmptyBodyAnyType(app: FastifyInstance): void {
  // With `done`, not async: it runs on every request, and a promise for each costs more than the check.
  app.addHook('onRequest', (request, _reply, done) => {
    const headers = request.raw.headers;
    const length = headers['content-length'];
    const empty =
      headers['content-type'] !== undefined &&
      headers['transfer-encoding'] === undefined &&
      (length === undefined || length === '0');
    if (empty && takesNoBody(request)) delete headers['content-type'];
    done();
  });
}
