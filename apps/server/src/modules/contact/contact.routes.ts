import { contactEndpoints } from '@vocab/api';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve-endpoint.js';
import type { Clock } from '../../lib/clock.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { ContactOutbox } from './contact-outbox.js';
import type { ContactRepository } from './contact.repository.js';

const PER_CLIENT = { max: 10, windowMs: 60 * 60_000 };

/** The contact form: stored first (nothing is lost), then delivered by the outbox when SMTP is configured. */
export function contactRoutes({
  repo,
  outbox,
  limiter,
  clock,
}: {
  repo: ContactRepository;
  outbox: ContactOutbox | null;
  limiter: RateLimiter;
  clock: Clock;
}): FastifyPluginAsync {
  return async (app) => {
    serve(app, contactEndpoints.sendMessage, async (request, reply) => {
      await limiter.hit(`contact:ip:${request.ip}`, PER_CLIENT);
      await repo.insert(request.body, outbox ? 'pending' : 'stored', clock());
      // Delivery happens after the answer: a slow mail server never slows the form.
      if (outbox) void outbox.kick();
      return reply.status(201).send({ ok: true as const });
    });
  };
}
