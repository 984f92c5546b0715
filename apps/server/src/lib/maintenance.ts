import type { Clock } from './clock.js';
import { Periodic } from './periodic.js';
import type { RateLimiter } from './rate-limiter.js';

export const DEFAULT_MAINTENANCE_INTERVAL_MS = 60 * 60_000;
/** The first pass waits this long after start, so that a restart loop does not purge on every start. */
const FIRST_RUN_DELAY_MS = 60_000;
/** A guest younger than this is never removed: it may be between its insert and its session's. */
export const GUEST_GRACE_MS = 86_400_000;
/** Guests deleted per statement: a large backlog is removed in short transactions. */
const GUEST_BATCH = 500;

/** What a pass deletes, given by the modules that own the rows (lib sits below the modules and imports none). */
export interface MaintenanceDeps {
  sessions: { deleteExpired(now: number, idleMs: number): Promise<void> };
  users: { deleteAbandonedGuests(createdBefore: number, limit: number): Promise<number> };
  limiter: RateLimiter;
  loginGuard?: { purgeExpired(): Promise<void> };
  /** PostgreSQL's statistics of the tables that changed (db/statistics.ts). */
  refreshStatistics?: () => Promise<unknown>;
  clock: Clock;
  sessionIdleMs: number;
}

export interface MaintenanceResult {
  guests: number;
}

/**
 * Housekeeping on a timer: expired sessions, expired rate-limit counters, abandoned guests (no session left), and
 * PostgreSQL's statistics of tables that changed (db/statistics.ts). Every step is an idempotent DELETE or ANALYZE,
 * so several instances may run it at the same moment; a failed pass (the database away) is logged and the next one
 * tries again.
 */
export class Maintenance {
  private readonly periodic = new Periodic(() =>
    this.runOnce().then(
      (result) => {
        if (result.guests > 0) this.log.info(result, 'maintenance: removed abandoned guests');
      },
      (err: unknown) => this.log.warn({ err }, 'maintenance pass failed; the next one will try again'),
    ),
  );

  constructor(
    private readonly deps: MaintenanceDeps,
    private readonly log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
  ) {}

  async runOnce(): Promise<MaintenanceResult> {
    const now = this.deps.clock();
    await this.deps.sessions.deleteExpired(now, this.deps.sessionIdleMs);
    let guests = 0;
    for (;;) {
      const deleted = await this.deps.users.deleteAbandonedGuests(now - GUEST_GRACE_MS, GUEST_BATCH);
      guests += deleted;
      if (deleted < GUEST_BATCH) break;
    }
    await this.deps.limiter.purgeExpired();
    await this.deps.loginGuard?.purgeExpired();
    await this.deps.refreshStatistics?.();
    return { guests };
  }

  start(intervalMs: number): void {
    this.periodic.start(intervalMs, FIRST_RUN_DELAY_MS);
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
