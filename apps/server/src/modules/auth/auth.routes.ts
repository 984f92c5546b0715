import { type LoginResponse, type UserData, authEndpoints } from '@vocab/api';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve-endpoint.js';
import { requireAccount, type SessionManager } from './session-manager.js';
import type { AuthService } from './auth.service.js';
import type { LoginGuard } from './login-guard.js';
import type { Learner } from '../../lib/learner.js';

const userData = (learner: Learner): UserData => ({ _id: learner.id, username: learner.username ?? '' });
/**
 * The user at the top level and in `userData` (the original web client reads `data.userData`; other clients read the
 * top).
 */
const loginResponse = (learner: Learner): LoginResponse => ({ ...userData(learner), userData: userData(learner) });

/** After a signup that gave an address: its confirmation link is mailed (modules/account EmailService). */
export type ConfirmAtSignup = (learner: Learner, address: string) => Promise<void>;

export function authRoutes({
  auth,
  sessions,
  guard,
  confirmAtSignup,
}: {
  auth: AuthService;
  sessions: SessionManager;
  guard: LoginGuard;
  confirmAtSignup?: ConfirmAtSignup | undefined;
}): FastifyPluginAsync {
  return async (app) => {
    serve(app, authEndpoints.signup, async (request, reply) => {
      const learner = await auth.signup(request.body, request.ip, request.learner);
      // The new account is logged in at once (a guest's session is rotated into it, its cards kept).
      await sessions.start(request, reply, learner);
      const admission = await guard.forSignup(request, learner.username ?? '');
      await guard.succeeded(request, reply, { admission, userId: learner.id });
      if (request.body.email && confirmAtSignup) await confirmAtSignup(learner, request.body.email);
      return reply.status(201).send(loginResponse(learner));
    });

    serve(app, authEndpoints.login, async (request, reply) => {
      const admission = await guard.admit(request, request.body.username);
      const learner = await auth.login(request.body, request.learner);
      await guard.succeeded(request, reply, { admission, userId: learner.id });
      await sessions.start(request, reply, learner);
      return loginResponse(learner);
    });

    serve(app, authEndpoints.logout, async (request, reply) => {
      await sessions.end(request, reply);
      return { ok: true as const };
    });

    serve(app, authEndpoints.logoutEverywhere, async (request, reply) => {
      const learner = requireAccount(request);
      await sessions.endEverywhere(request, reply, learner.id);
      return { ok: true as const };
    });

    serve(app, authEndpoints.session, async (request) => {
      const learner = request.learner;
      return { user: learner?.username ? userData(learner) : null };
    });

    serve(app, authEndpoints.pageLoadLogin, async (request) => {
      return userData(requireAccount(request));
    });
  };
}
