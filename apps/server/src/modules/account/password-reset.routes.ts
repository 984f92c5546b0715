import { emailEndpoints } from '@vocab/api';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve-endpoint.js';
import { DEVICE_COOKIE } from '../auth/login-guard.js';
import type { PasswordReset } from './password-reset.js';

/** Forgot password and reset by link: no session needed; the Origin check covers both as any state change. */
export function passwordResetRoutes(reset: PasswordReset): FastifyPluginAsync {
  return async (app) => {
    serve(app, emailEndpoints.forgotPassword, async (request, reply) => {
      const requester = {
        ip: request.ip,
        deviceToken: request.cookies[DEVICE_COOKIE] ?? null,
        learnerId: request.learner?.id ?? null,
      };
      const afterAnswer = await reset.request(request.body.identifier, requester);
      // 'close' follows 'finish', or comes alone when the client went away: either way the work starts once.
      let started = false;
      reply.raw.once('close', () => {
        if (!started) afterAnswer();
        started = true;
      });
      return reply.status(202).send({ ok: true as const });
    });

    serve(app, emailEndpoints.checkResetLink, async (request) => {
      await reset.check(request.query.token, request.ip);
      return { ok: true as const };
    });

    serve(app, emailEndpoints.resetPassword, async (request) => {
      await reset.reset(request.body.token, request.body.password);
      return { ok: true as const };
    });
  };
}
