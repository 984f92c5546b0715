import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../lib/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** GET routes that change state anyway, because the original API names them so. */
const STATE_CHANGING_GETS = new Set(['/api/auth/logout']);

/**
 * CSRF defence for cookie sessions: a state-changing call from a browser carries Origin or Sec-Fetch-Site;
 * when either says the page is foreign, refuse (a `cross-site` fetch is refused whatever Origin it names, unless
 * that origin is listed in ALLOWED_ORIGINS). Non-browser clients (curl, tests) send neither and carry no ambient
 * cookie risk. The server's own origin is the scheme (X-Forwarded-Proto from a trusted proxy) and the Host header,
 * never X-Forwarded-Host: a client may send that header, and a proxy that only appends to it passes the client's
 * value on, which would let any page name itself as the server.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = new Set(allowedOrigins);
  // A hook with `done` rather than an async one: it runs on every request, and a promise for each costs more than
  // the check. A throw still refuses the request, as Fastify catches it.
  app.addHook('onRequest', (request, _reply, done) => {
    // The matched route, not the raw URL: `/api/auth/logout/` or `/api/auth/%6Cogout` reach the same handler.
    const route = request.routeOptions.url;
    const safe = SAFE_METHODS.has(request.method) && !(route !== undefined && STATE_CHANGING_GETS.has(route));
    if (!safe && !isSameOrigin(request, allowed)) throw forbidden('Cross-site request refused.');
    done();
  });
}

function isSameOrigin(request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined && allowed.has(origin)) return true;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  return origin === undefined || origin === `${request.protocol}://${request.headers.host ?? ''}`;
}
