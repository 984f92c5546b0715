import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from './clock.js';
import { tooManyRequests } from './errors.js';

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters in the database, so that every server instance shares them. One atomic upsert per
 * hit: no read-then-write race between instances.
 */
export class RateLimiter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Counts a hit on `key`; throws 429 with Retry-After once the window's limit is passed. */
  async hit(key: string, limit: Limit): Promise<void> {
    const now = this.clock();
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, hits: 1, reset_at: now + limit.windowMs })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end`,
          reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then ${now + limit.windowMs} else
            rate_limits.reset_at end`,
        }),
      )
      .returning(['hits', 'reset_at'])
      .executeTakeFirstOrThrow();
    if (Number(row.hits) > limit.max) throw tooManyRequests((Number(row.reset_at) - now) / 1000);
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  async purgeExpired(): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('reset_at', '<=', this.clock()).execute();
  }
}
