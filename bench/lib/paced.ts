import { setInterval } from 'node:timers';
import { Pool } from 'undici';
import type { LoadResult, Req } from './load.js';

/**
 * Requests sent at a steady rate, each at its own moment, over up to `connections` kept-alive connections: an open
 * load, as learners arriving on their own make. (autocannon's fixed rate sends each second's quota in a burst at the
 * start of the second, so its p99 is the burst's queue.) A request's latency counts from the moment it was sent, not
 * from when a free connection took it, so a server falling behind shows in the figures instead of slowing the load.
 *
 * The requests go through undici's `Pool` (one request at a time on each connection, the rest waiting in its queue
 * for the first free one) by `dispatch`, which reads the status and drops the body without making a stream of it.
 * The client shares the machine's cores with the server, so it must cost little, and `clientUs` says what it cost:
 * `node:http`'s `http.request` took 22–60 µs of CPU a hello-world request (the most in a process's first round, before
 * the JIT has compiled it) and in its first round could not send hello-world's half rate (about 19,500 a second) on 2
 * cores; undici takes 15–25 µs (32–43 for page-load-login's bigger answers, where `node:http` took 41–45). At a low
 * rate it is more a request (about 100 µs at 1,400 a second): the millisecond timer's own cost is shared by fewer
 * requests, and the whole is still a sixth of a core.
 */
export async function pacedLoad(opts: {
  url: string;
  connections: number;
  seconds: number;
  rate: number;
  next: () => Req;
}): Promise<PacedResult> {
  const cpuBefore = process.cpuUsage();
  const pool = new Pool(new URL(opts.url).origin, { connections: opts.connections, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  let open = 0;
  let drained: (() => void) | null = null;
  const started = performance.now();
  // The first half second is sent and not counted: the connections open then, one TCP handshake each, and the
  // first requests wait behind them.
  const counted = started + WARM_UP_MS;
  const total = Math.round((opts.rate * (opts.seconds * 1000 + WARM_UP_MS)) / 1000);
  const settle = () => {
    open--;
    if (open === 0) drained?.();
  };

  const send = (sentAt: number): void => {
    const r = opts.next();
    let status = 0;
    open++;
    pool.dispatch(
      { path: r.path, method: r.method ?? 'GET', headers: r.headers, body: r.body ?? null },
      {
        // Required: without it undici takes the handler for one of its older form and calls none of these.
        onRequestStart: () => {},
        onResponseStart: (_controller, statusCode) => {
          status = statusCode;
        },
        onResponseEnd: () => {
          if (sentAt >= counted) latencies.push(performance.now() - sentAt);
          if (status >= 300) errors++;
          settle();
        },
        // A refused connection, a reset or a malformed answer.
        onResponseError: () => {
          errors++;
          settle();
        },
      },
    );
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
  if (open > 0) await new Promise<void>((resolve) => (drained = resolve));
  await pool.destroy();
  const cpu = process.cpuUsage(cpuBefore);
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const elapsed = (performance.now() - counted) / 1000;
  return {
    rps: latencies.length / elapsed,
    p50: round(at(0.5)),
    p99: round(at(0.99)),
    requests: latencies.length,
    errors,
    clientUs: (cpu.user + cpu.system) / sent,
  };
}

export interface PacedResult extends LoadResult {
  /** This process's CPU time (user and system) per request sent, warm-up included: the load's own cost. */
  clientUs: number;
}

const WARM_UP_MS = 500;

const round = (ms: number) => Math.round(ms * 10) / 10;
