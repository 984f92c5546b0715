import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../lib/clock.js';

/**
 * A clock the browser suite can move forward, so that words become due without waiting days. It exists only
 * when ENABLE_TEST_CLOCK is set (refused with NODE_ENV=production): production has no route to reach it.
 */
export function createMovableClock(base: Clock): {
  clock: Clock;
  register(app: FastifyInstance, fitter?: { runOnce(): Promise<unknown> }): void;
} {
  let offsetMs = 0;
  return {
    clock: () => base() + offsetMs,
    register(app, fitter) {
      // The learning bench fits memory models when its simulated day ends, as the timer would between sessions.
      if (fitter) app.post('/api/test/fit', async () => fitter.runOnce());
      app.withTypeProvider<ZodTypeProvider>().post(
        '/api/test/clock',
        {
          schema: {
            body: z.object({
              offsetMs: z
                .number()
                .int()
                .min(0)
                .max(10 * 365 * 86_400_000),
            }),
          },
        },
        async (request) => {
          offsetMs += request.body.offsetMs;
          return { offsetMs };
        },
      );
    },
  };
}
