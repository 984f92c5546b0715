import { LoginBody, LoginResponse, OkBody, SignupBody, UserData } from '@vocab/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount, type SessionManager } from '../../plugins/session.js';
import type { AuthService } from './auth.service.js';
import type { Learner } from './user.repository.js';

const userData = (learner: Learner): UserData => ({ _id: learner.id, username: learner.username ?? '' });

export function authRoutes(auth: AuthService, sessions: SessionManager): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/auth/signup', { schema: { body: SignupBody, response: { 201: LoginResponse } } }, async (request, reply) => {
      const learner = await auth.signup(request.body, request.ip, request.learner);
      // SPEC.md: signup ends with "Click here to login"; a guest's session ends here, its progress stays in the account.
      if (request.learner) await sessions.end(request, reply);
      return reply.status(201).send({ userData: userData(learner) });
    });

    app.post('/api/auth/login', { schema: { body: LoginBody, response: { 200: LoginResponse } } }, async (request, reply) => {
      const learner = await auth.login(request.body, request.ip, request.learner);
      await sessions.start(request, reply, learner);
      return { userData: userData(learner) };
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

    app.get('/api/auth/page-load-login', { schema: { response: { 200: UserData } } }, async (request) => {
      return userData(requireAccount(request));
    });
  };
}
