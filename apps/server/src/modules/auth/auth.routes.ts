import { LoginBody, LoginResponse, OkBody, SessionResponse, SignupBody, UserData } from '@vocab/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount, type SessionManager } from './session-manager.js';
import type { AuthService } from './auth.service.js';
import type { LoginGuard } from './login-guard.js';
import type { Learner } from './user.repository.js';

const userData = (learner: Learner): UserData => ({ _id: learner.id, username: learner.username ?? '' });
/** The user at the top level and in `userData` (SPEC.md §7 reads `data.userData`; other clients read the top). */
const loginResponse = (learner: Learner): LoginResponse => ({ ...userData(learner), userData: userData(learner) });

export function authRoutes(auth: AuthService, sessions: SessionManager, guard: LoginGuard): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/auth/signup', { schema: { body: SignupBody, response: { 201: LoginResponse } } }, async (request, reply) => {
      const learner = await auth.signup(request.body, request.ip, request.learner);
      // The new account is logged in at once (a guest's session is rotated into it, its progress kept): SPEC.md's
      // "Click here to login" still shows, with the session already open.
      await sessions.start(request, reply, learner);
      await guard.succeeded(request, reply, await guard.forSignup(request, learner.username ?? ''), learner.id);
      return reply.status(201).send(loginResponse(learner));
    });

    app.post('/api/auth/login', { schema: { body: LoginBody, response: { 200: LoginResponse } } }, async (request, reply) => {
      const admission = await guard.admit(request, request.body.username);
      const learner = await auth.login(request.body, request.learner);
      await guard.succeeded(request, reply, admission, learner.id);
      await sessions.start(request, reply, learner);
      return loginResponse(learner);
    });

    app.get('/api/auth/logout', { schema: { response: { 200: OkBody } } }, async (request, reply) => {
      await sessions.end(request, reply);
      return { ok: true as const };
    });

    app.post('/api/auth/logout-everywhere', { schema: { response: { 200: OkBody } } }, async (request, reply) => {
      const learner = requireAccount(request);
      await sessions.endEverywhere(request, reply, learner.id);
      return { ok: true as const };
    });

    app.get('/api/auth/session', { schema: { response: { 200: SessionResponse } } }, async (request) => {
      const learner = request.learner;
      return { user: learner?.username ? userData(learner) : null };
    });

    app.get('/api/auth/page-load-login', { schema: { response: { 200: UserData } } }, async (request) => {
      return userData(requireAccount(request));
    });
  };
}
