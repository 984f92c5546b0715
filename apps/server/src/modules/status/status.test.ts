import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { appOn, describeEachDatabase } from '../../test/harness.js';
import { SLOW_P99_MS } from './status.routes.js';

const TOKEN = 'a-long-random-metrics-token-0123456789';
/** How long the slow request's body takes to arrive: its answer cannot come sooner. */
const TRICKLE_MS = SLOW_P99_MS + 200;

/** A login whose body arrives in two halves TRICKLE_MS apart, as from a client on a stalled network. */
function slowLogin(app: FastifyInstance) {
  const body = JSON.stringify({ username: 'nobody', password: 'correct horse' });
  const payload = new Readable({ read() {} });
  payload.push(body.slice(0, 10));
  setTimeout(() => {
    payload.push(body.slice(10));
    payload.push(null);
  }, TRICKLE_MS);
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
    payload,
  });
}

describeEachDatabase('the health check and the last minute of answers', (ctx) => {
  it(
    'gives the p99 of the last minute in /api/status and the metrics, ' + 'says slow from a second on, and forgets',
    async () => {
      const { db, clock } = ctx();
      const app = await appOn({ db, clock }, { metricsToken: TOKEN });
      try {
        const status = async () => {
          const res = await app.inject({ method: 'GET', url: '/api/status' });
          expect(res.statusCode).toBe(200);
          return res.json<{ status: string; lastMinute: { requests: number; p99Ms: number | null } }>();
        };
        expect(await status()).toEqual({ status: 'ok', database: 'up', lastMinute: { requests: 0, p99Ms: null } });
        for (let i = 0; i < 3; i++)
          expect((await app.inject({ method: 'GET', url: '/api/languages' })).statusCode).toBe(200);
        // The health checks themselves are not counted.
        expect((await status()).lastMinute.requests).toBe(3);

        expect((await slowLogin(app)).statusCode).toBe(401);
        const slow = await status();
        expect(slow.status).toBe('slow');
        expect(slow.lastMinute.requests).toBe(4);
        expect(slow.lastMinute.p99Ms).toBeGreaterThanOrEqual(TRICKLE_MS);
        const scrape = await app.inject({
          method: 'GET',
          url: '/api/metrics',
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        const line = scrape.body
          .split('\n')
          .find((l) => l.startsWith('vocab_http_request_duration_p99_last_minute_seconds '));
        expect(Number(line?.split(' ')[1])).toBe((slow.lastMinute.p99Ms ?? 0) / 1000);

        clock.advance(61_000);
        expect(await status()).toEqual({ status: 'ok', database: 'up', lastMinute: { requests: 0, p99Ms: null } });
      } finally {
        await app.close();
      }
    },
  );
});
