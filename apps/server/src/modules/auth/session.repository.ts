import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import type { SessionCache, SessionRecord } from './session-cache.js';
import { toLearner } from './user.repository.js';

/** A session as it is stored: its token only as a hash. */
export interface SessionInsert {
  tokenHash: string;
  userId: string;
  now: number;
  expiresAt: number;
  userAgent: string;
}

/** How long a session's "last seen" waits in memory before it is written, with every other one due by then. */
export const TOUCH_FLUSH_MS = 2_000;

const touchQuery = prepared(['tokenHash', 'now'], (p: { tokenHash: string; now: number }, db) =>
  db
    .updateTable('sessions')
    .set({ last_seen_at: p.now })
    .where('token_hash', '=', p.tokenHash)
    .where('last_seen_at', '<', p.now),
);

export class SessionRepository {
  /**
   * "Last seen" times not written yet. Each was its own commit (and on SQLite its own fsync on the event loop); now
   * the times gathered over TOUCH_FLUSH_MS are written in one write transaction, which on SQLite shares the commit of
   * the answers of that moment (db/group-commit.ts). Reads of this instance see them at once; another instance sees
   * them within TOUCH_FLUSH_MS, against the minute's precision idle expiry needs.
   */
  private readonly pendingTouches = new Map<string, number>();
  private flushTimer: NodeJS.Timeout | undefined;

  /** Read on every request that carries a cookie: built once. */
  private readonly findQuery = prepared(['tokenHash'], (p: { tokenHash: string }) =>
    this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'users.id',
        'users.username',
        'users.desired_retention',
        'users.strict_accents',
        'sessions.last_seen_at',
        'sessions.expires_at',
      ])
      .where('sessions.token_hash', '=', p.tokenHash),
  );

  constructor(
    private readonly db: Kysely<Database>,
    /** Where the gathered "last seen" times are written; Kysely's own transaction when not given (tools, tests). */
    private readonly write: Db['writeTransaction'],
    /** Sessions read a moment ago (the app's; tools read every time). */
    private readonly cache: SessionCache | null = null,
  ) {}

  async create(session: SessionInsert, runner: Kysely<Database> = this.db): Promise<void> {
    await runner
      .insertInto('sessions')
      .values({
        token_hash: session.tokenHash,
        user_id: session.userId,
        created_at: session.now,
        last_seen_at: session.now,
        expires_at: session.expiresAt,
        user_agent: session.userAgent,
      })
      .execute();
  }

  /** The session as read less than SESSION_TRUST_MS ago, if it was (modules/auth/session-cache.ts): no read. */
  findKept(tokenHash: string): SessionRecord | undefined {
    return this.cache?.get(tokenHash);
  }

  /**
   * The session, as read from the database or, within SESSION_TRUST_MS of that, from this instance's cache; `fresh`
   * reads it from the database in any case.
   */
  async find(tokenHash: string, { fresh = false } = {}): Promise<SessionRecord | undefined> {
    const cached = fresh ? undefined : this.cache?.get(tokenHash);
    if (cached) return cached;
    const version = this.cache?.version() ?? 0;
    const row = await this.findQuery.executeTakeFirst(this.db, { tokenHash });
    if (!row) return undefined;
    const lastSeenAt = Math.max(row.last_seen_at, this.pendingTouches.get(tokenHash) ?? 0);
    const record = { learner: toLearner(row), lastSeenAt, expiresAt: row.expires_at };
    this.cache?.keep(tokenHash, record, version);
    return record;
  }

  /** Records that a session was used at `now`; written within TOUCH_FLUSH_MS (see `pendingTouches`). */
  touch(tokenHash: string, now: number): void {
    this.pendingTouches.set(tokenHash, now);
    this.cache?.touched(tokenHash, now);
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => void this.flushTouches().catch(() => undefined), TOUCH_FLUSH_MS);
    this.flushTimer.unref();
  }

  /**
   * Writes the gathered "last seen" times. A failed write keeps them for the next flush (the database away); a later
   * time for the same session is never overwritten by an earlier one.
   */
  async flushTouches(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.pendingTouches.size === 0) return;
    const touches = [...this.pendingTouches];
    this.pendingTouches.clear();
    try {
      await this.write(async (trx) => {
        for (const [tokenHash, now] of touches) await touchQuery.executeWrite(trx, { tokenHash, now });
      });
    } catch (err) {
      for (const [tokenHash, now] of touches)
        if ((this.pendingTouches.get(tokenHash) ?? 0) < now) this.pendingTouches.set(tokenHash, now);
      throw err;
    }
  }

  /** Replaces a session by a new one in one unit of work (rotation at login): never neither, never both. */
  async rotate(oldTokenHash: string | null, session: SessionInsert): Promise<void> {
    if (oldTokenHash) this.pendingTouches.delete(oldTokenHash);
    await this.write(async (trx) => {
      if (oldTokenHash) await trx.deleteFrom('sessions').where('token_hash', '=', oldTokenHash).execute();
      await this.create(session, trx);
    });
  }

  async delete(tokenHash: string): Promise<void> {
    this.pendingTouches.delete(tokenHash);
    await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  async deleteAllFor(userId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  async deleteExpired(now: number, idleMs: number): Promise<void> {
    // A session used a moment ago must not be taken for idle on a time not written yet.
    await this.flushTouches();
    await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - idleMs)]))
      .execute();
  }
}
