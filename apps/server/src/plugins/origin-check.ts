import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../lib/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GET routes that change state anyway, because SPEC.md §7 names them so. */
const STATE_CHANGING_GETS = new Set(['/api/auth/logout']);

/**
 * CSRF defence for cookie sessions: a state-changing call from a browser carries Origin or Sec-Fetch-Site;
 * when either says the page is foreign, refuse. Non-browser clients (curl, tests) send neither and carry no
 * ambient cookie risk.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (request) => {
    // The matched route, not the raw URL: `/api/auth/logout/` or `/api/auth/%6Cogout` reach the same handler.
    const route = request.routeOptions.url;
    if (SAFE_METHODS.has(request.method) && !(route !== undefined && STATE_CHANGING_GETS.has(route))) return;
    if (!isSameOrigin(request, allowed)) throw forbidden('Cross-site request refused.');
  });
}

function isSameOrigin(request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    return origin === `${request.protocol}://${request.host}` || allowed.has(origin);
  }
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}
