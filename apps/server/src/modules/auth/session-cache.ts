import type { WatchedWrites } from '../../db/write-watch.js';
import type { Clock } from '../../lib/clock.js';
import type { Learner } from '../../lib/learner.js';

/** A session as a request needs it: whose it is, and when it ends. */
export interface SessionRecord {
  learner: Learner;
  lastSeenAt: number;
  expiresAt: number;
}

/**
 * How long this instance trusts a session it has read without reading it again: the longest a session ended on
 * another instance keeps working here (the product's rule is at most 2 seconds). One ended on this instance ends at
 * once: see `SessionCache.watch`.
 */
export const SESSION_TRUST_MS = 2_000;
/** Sessions kept at most; past it the oldest read goes first. A few MB at the most. */
const SESSIONS_KEPT = 20_000;

/**
 * Statements that end a session or change what a session's record says of its learner (name, settings): any
 * update or delete of `users`, a delete of `sessions`, an update of `sessions` other than its "last seen" time
 * (which this instance keeps itself, `SessionRepository.touch`), and an upsert into either.
 */
const TABLE = String.raw`"?(users|sessions)"?`;
const CHANGES = new RegExp(
  String.raw`\b(update\s+${TABLE}\s|delete\s+from\s+${TABLE}(\s|$)|into\s+${TABLE}\s[\s\S]*\bdo\s+update\b)`,
  'i',
);
const TOUCH = /^update "sessions" set "last_seen_at" = \S+ where /;

interface Entry {
  record: SessionRecord;
  until: number;
}

/**
 * Sessions this instance has read, by token hash, so that a request does not send its session's lookup to the
 * database each time (docs/decisions/0022-session-cache.md). Kept true on this instance by the database's write
 * watch: every committed statement that could change a session's record empties it, whoever sent it. Missing
 * sessions are never kept, so a new one is found at once.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Moves on each emptying: a lookup that began before it must not put back what it read. */
  private generation = 0;

  readonly watch: WatchedWrites = {
    matches: (sql) => CHANGES.test(sql) && !TOUCH.test(sql),
    committed: () => this.clear(),
  };

  constructor(private readonly clock: Clock) {}

  get(tokenHash: string): SessionRecord | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > this.clock()) return entry.record;
    this.entries.delete(tokenHash);
    return undefined;
  }

  /** Call before the lookup; pass what it returns to `keep`. */
  version(): number {
    return this.generation;
  }

  /** Keeps a session read from the database, unless something that could change it committed since `version`. */
  keep(tokenHash: string, record: SessionRecord, version: number): void {
    if (version !== this.generation) return;
    if (this.entries.size >= SESSIONS_KEPT) this.entries.delete(this.entries.keys().next().value ?? '');
    // Shared by the requests of the next moments: none may change it for the others.
    Object.freeze(record.learner);
    this.entries.set(tokenHash, { record: Object.freeze(record), until: this.clock() + SESSION_TRUST_MS });
  }

  /** This instance saw the session used at `now` (`SessionRepository.touch`). */
  touched(tokenHash: string, now: number): void {
    const entry = this.entries.get(tokenHash);
    if (entry && entry.record.lastSeenAt < now) entry.record = Object.freeze({ ...entry.record, lastSeenAt: now });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
