import { expect, it } from 'vitest';
import { appOn, describeEachDatabase } from '../test/harness.js';

const TOKEN = 'a-long-random-metrics-token-0123456789';

/** A scrape's value of one series, or undefined when the series is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeEachDatabase('Prometheus metrics', (ctx) => {
  it('are off unless METRICS_TOKEN is set', async () => {
    expect((await ctx().app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
  });

  it('answer a scraper with the token: requests by route, latency, answers, group commits', async () => {
    const { db, clock } = ctx();
    const app = await appOn({ db, clock }, { metricsToken: TOKEN });
    try {
      for (const authorization of [undefined, 'Bearer wrong-token-wrong-token', TOKEN]) {
        const refused = await app.inject({
          method: 'GET',
          url: '/api/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(refused.statusCode, String(authorization)).toBe(401);
        expect(refused.body).not.toContain('vocab_');
      }
      const [word] = (await app.inject({ method: 'GET', url: '/api/spanish' })).json<Array<{ _id: string }>>();
      const answered = await app.inject({ method: 'PATCH', url: `/api/spanish/${word?._id}` });
      expect(answered.statusCode).toBe(200);
      expect((await app.inject({ method: 'PATCH', url: '/api/spanish/999999' })).statusCode).toBe(404);

      const scrape = await app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(scrape.statusCode).toBe(200);
      expect(scrape.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = scrape.body;
      expect(sample(text, 'vocab_http_requests_total{method="GET",route="/api/{language}",status="200"}')).toBe(1);
      expect(sample(text, 'vocab_http_requests_total{method="PATCH",route="/api/{language}/{id}",status="200"}')).toBe(
        1,
      );
      expect(
        sample(text, 'vocab_http_request_duration_seconds_count{method="PATCH",route="/api/{language}/{id}"}'),
      ).toBe(2);
      expect(sample(text, 'vocab_answers_total{result="accepted"}')).toBe(1);
      expect(sample(text, 'vocab_answers_total{result="refused"}')).toBe(1);
      // SQLite groups commits; PostgreSQL commits each transaction itself.
      const commits = sample(text, 'vocab_group_commit_size_count') ?? 0;
      if (db.dialect === 'sqlite') expect(commits).toBeGreaterThanOrEqual(1);
      else expect(commits).toBe(0);
      for (const name of [
        'vocab_group_commit_wait_seconds',
        'vocab_database_errors_total',
        'vocab_memory_fits_total',
        'vocab_process_resident_memory_bytes',
        'vocab_nodejs_eventloop_lag_seconds',
      ]) {
        expect(text, name).toContain(`# TYPE ${name} `);
      }
    } finally {
      await app.close();
    }
  });
});
