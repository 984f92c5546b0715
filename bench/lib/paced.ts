import http from 'node:http';
import { setInterval } from 'node:timers';
import type { LoadResult, Req } from './load.js';

/**
 * Requests sent at a steady rate, each at its own moment, over up to `connections` kept-alive connections: an open
 * load, as learners arriving on their own make. (autocannon's fixed rate sends each second's quota in a burst at the
 * start of the second, so its p99 is the burst's queue.) A request's latency counts from the moment it was sent, not
 * from when a free connection took it, so a server falling behind shows in the figures instead of slowing the load.
 */
export async function pacedLoad(opts: {
  url: string;
  connections: number;
  seconds: number;
  rate: number;
  next: () => Req;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const target = new URL(opts.url);
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  // The first half second is sent and not counted: the connections open then, one TCP handshake each, and the
  // first requests wait behind them.
  const counted = started + WARM_UP_MS;
  const total = Math.round((opts.rate * (opts.seconds * 1000 + WARM_UP_MS)) / 1000);
  const pending = new Set<Promise<void>>();

  const send = (sentAt: number): void => {
    const r = opts.next();
    const done = new Promise<void>((resolve) => {
      const request = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: r.method ?? 'GET',
          path: r.path,
          headers: { ...r.headers, ...(r.body ? { 'content-length': Buffer.byteLength(r.body) } : {}) },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (sentAt >= counted) latencies.push(performance.now() - sentAt);
            if ((response.statusCode ?? 0) >= 300) errors++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors++;
        resolve();
      });
      request.end(r.body);
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };

  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - started) / 1000) * opts.rate));
      // Counted from this tick, the moment they are sent: a request is late by up to a tick of the timer (about a
      // millisecond), which is the load's, not the server's.
      for (; sent < due; sent++) send(now);
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  await Promise.all(pending);
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const elapsed = (performance.now() - counted) / 1000;
  return {
    rps: latencies.length / elapsed,
    p50: round(at(0.5)),
    p99: round(at(0.99)),
    requests: latencies.length,
    errors,
  };
}

const WARM_UP_MS = 500;

const round = (ms: number) => Math.round(ms * 10) / 10;
