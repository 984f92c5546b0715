import type { FastifyInstance } from 'fastify';
import type { Clock } from '../lib/clock.js';

/** The window is a minute in twelve slots of five seconds; a slot is emptied when its turn comes round again. */
const SLOT_MS = 5_000;
const SLOTS = 12;
/** Buckets per doubling of the duration: a bucket's upper end is at most 9% above any duration counted in it. */
const PER_DOUBLING = 8;
/** The first bucket holds every duration up to 0.1 ms; the last (0.1 ms × 2^21, about 3.5 minutes) every longer one. */
const FLOOR_MS = 0.1;
const BUCKETS = 21 * PER_DOUBLING + 1;

export interface LastMinute {
  requests: number;
  /** The 99th percentile of those requests' durations (its bucket's upper end), null with no request. */
  p99Ms: number | null;
}

/**
 * How long this instance took to answer its API requests in the last minute, for the health check and the metrics:
 * counts per duration bucket (log-scaled) per five-second slot. Recording is an increment, so it costs every request
 * next to nothing; a percentile is read by adding up the slots (docs/decisions/0004-hand-written-code.md says why
 * not prom-client's Summary or an HDR histogram). The health check and the metrics scrape are not counted.
 */
export class RequestLatency {
  private readonly counts = Array.from({ length: SLOTS }, () => new Uint32Array(BUCKETS));
  /** The slot number (time / SLOT_MS) each ring entry counts; -1 for none yet. */
  private readonly slotNumbers = new Float64Array(SLOTS).fill(-1);

  constructor(
    private readonly clock: Clock,
    private readonly ignored: ReadonlySet<string>,
  ) {}

  record(durationMs: number): void {
    const slot = Math.floor(this.clock() / SLOT_MS);
    const index = slot % SLOTS;
    const counts = this.counts[index] as Uint32Array;
    if (this.slotNumbers[index] !== slot) {
      counts.fill(0);
      this.slotNumbers[index] = slot;
    }
    const bucket =
      durationMs <= FLOOR_MS ? 0 : Math.min(BUCKETS - 1, Math.ceil(Math.log2(durationMs / FLOOR_MS) * PER_DOUBLING));
    counts[bucket] = (counts[bucket] as number) + 1;
  }

  lastMinute(): LastMinute {
    const current = Math.floor(this.clock() / SLOT_MS);
    const merged = new Float64Array(BUCKETS);
    let requests = 0;
    for (let index = 0; index < SLOTS; index++) {
      const slot = this.slotNumbers[index] as number;
      if (slot <= current - SLOTS || slot > current) continue;
      const counts = this.counts[index] as Uint32Array;
      for (let bucket = 0; bucket < BUCKETS; bucket++) {
        merged[bucket] = (merged[bucket] as number) + (counts[bucket] as number);
        requests += counts[bucket] as number;
      }
    }
    if (requests === 0) return { requests, p99Ms: null };
    const rank = Math.ceil(requests * 0.99);
    let seen = 0;
    let bucket = 0;
    for (; bucket < BUCKETS - 1; bucket++) {
      seen += merged[bucket] as number;
      if (seen >= rank) break;
    }
    return { requests, p99Ms: Math.round(FLOOR_MS * 2 ** (bucket / PER_DOUBLING) * 10) / 10 };
  }

  /** Counts every API request but the ignored routes, from its first byte to its answer. */
  register(app: FastifyInstance): void {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url;
      if (request.url.startsWith('/api/') && !(route !== undefined && this.ignored.has(route)))
        this.record(reply.elapsedTime);
      done();
    });
  }
}
