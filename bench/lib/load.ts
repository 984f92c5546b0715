import autocannon from 'autocannon';

/** Browsers ask for compressed answers; so do the benches, so that compression is part of the cost. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

export interface Req {
  method?: 'GET' | 'PATCH' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Connection errors, timeouts and non-2xx answers together: the target is zero. */
  errors: number;
}

/**
 * One autocannon round, as fast as the server answers. `next` builds every request, so that each can carry a different
 * learner's cookie and,
 * for writes, a different word and answer id.
 */
export async function load(opts: {
  url: string | string[];
  connections: number;
  seconds: number;
  next: () => Req;
}): Promise<LoadResult> {
  const result = await autocannon({
    // Several URLs: autocannon spreads the connections over them in turn (its types only say string).
    url: opts.url as string,
    connections: opts.connections,
    duration: opts.seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (req) => {
          const r = opts.next();
          return {
            ...req,
            method: r.method ?? 'GET',
            path: r.path,
            headers: { ...r.headers },
            body: r.body,
          } as typeof req;
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};
