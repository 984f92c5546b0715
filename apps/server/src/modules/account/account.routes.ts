import { accountEndpoints } from '@vocab/api';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve-endpoint.js';
import { DEVICE_COOKIE } from '../auth/login-guard.js';
import { requireAccount, type SessionManager } from '../auth/session-manager.js';
import type { AccountService } from './account.service.js';

/**
 * /api/account: the logged-in account's sessions, password and deletion. Every route needs an account (a guest or
 * a visitor gets 401); the Origin check (plugins/origin-check.ts) covers the state-changing ones as any other.
 */
export function accountRoutes(accounts: AccountService, sessions: SessionManager): FastifyPluginAsync {
  return async (app) => {
    serve(app, accountEndpoints.sessions, async (request) => ({
      sessions: await accounts.sessions(requireAccount(request), request.sessionTokenHash),
    }));

    serve(app, accountEndpoints.revokeSession, async (request, reply) => {
      const { current } = await accounts.revokeSession(
        requireAccount(request),
        request.params.id,
        request.sessionTokenHash,
      );
      if (current) await sessions.end(request, reply);
      return { ok: true as const };
    });

    serve(app, accountEndpoints.changePassword, async (request) => {
      await accounts.changePassword(requireAccount(request), request.body, request.sessionTokenHash);
      return { ok: true as const };
    });

    serve(app, accountEndpoints.deleteAccount, async (request, reply) => {
      await accounts.deleteAccount(requireAccount(request), request.body.password);
      await sessions.end(request, reply);
      void reply.clearCookie(DEVICE_COOKIE, { path: '/api/auth' });
      return { ok: true as const };
    });
  };
}
