import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from './clock.js';
import { tooManyRequests } from './errors.js';
import { randomToken } from './tokens.js';

export interface ThrottlePolicy {
  /** Attempts that wait for nothing. */
  free: number;
  /** The wait after the first attempt past `free`; each further attempt doubles it, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Attempts are forgotten this long after the last one. */
  memoryMs: number;
}

/**
 * Growing delays instead of a wall. A locked account is a denial of service anyone can cause by typing a name ten
 * times; a delay that doubles up to a minute keeps guessing slow (about 1,400 guesses a day at most, whatever the
 * number of addresses) while the owner, at worst, waits a minute.
 *
 * One atomic upsert per attempt claims the account's next slot: an attempt is let through only when the previous
 * one's delay has passed, and a refused attempt changes nothing, so hammering does not buy anything and parallel
 * requests from many instances cannot slip through together (STYLE.md habit 4).
 */
export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly policy: ThrottlePolicy,
  ) {}

  /** Claims a slot for one attempt on `key`; throws 429 with Retry-After while the delay runs. */
  async claim(key: string): Promise<void> {
    const now = this.clock();
    const grantId = randomToken();
    const { free, firstDelayMs, maxDelayMs, memoryMs } = this.policy;
    // The row as the claim sees it: forgotten once expired.
    const expired = sql<boolean>`login_throttle.expires_at <= ${now}`;
    const attempts = sql<number>`case when ${expired} then 0 else login_throttle.attempts end`;
    const delay = sql<number>`case when ${expired} then 0 else login_throttle.delay_ms end`;
    const open = sql<boolean>`(${expired} or login_throttle.next_at <= ${now})`;
    const nextDelay = sql<number>`case when ${attempts} + 1 < ${free} then 0
      when ${delay} = 0 then ${firstDelayMs}
      when ${delay} * 2 >= ${maxDelayMs} then ${maxDelayMs}
      else ${delay} * 2 end`;
    const row = await this.db
      .insertInto('login_throttle')
      .values({
        key,
        attempts: 1,
        delay_ms: free <= 1 ? firstDelayMs : 0,
        next_at: now + (free <= 1 ? firstDelayMs : 0),
        grant_id: grantId,
        expires_at: now + memoryMs,
      })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          attempts: sql<number>`case when ${open} then ${attempts} + 1 else login_throttle.attempts end`,
          delay_ms: sql<number>`case when ${open} then ${nextDelay} else login_throttle.delay_ms end`,
          next_at: sql<number>`case when ${open} then ${now} + ${nextDelay} else login_throttle.next_at end`,
          grant_id: sql<string>`case when ${open} then ${grantId} else login_throttle.grant_id end`,
          expires_at: sql<number>`case when ${open} then ${now + memoryMs} else login_throttle.expires_at end`,
        }),
      )
      .returning(['grant_id', 'next_at'])
      .executeTakeFirstOrThrow();
    if (row.grant_id !== grantId) throw tooManyRequests((Number(row.next_at) - now) / 1000);
  }

  async purgeExpired(): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('expires_at', '<=', this.clock()).execute();
  }

  /** Forgets every key (an account being deleted). */
  async forget(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.db.deleteFrom('login_throttle').where('key', 'in', keys).execute();
  }
}
