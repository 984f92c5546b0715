import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import { type Learner, toLearner } from './user.repository.js';

export interface SessionRecord {
  learner: Learner;
  lastSeenAt: number;
  expiresAt: number;
}

export class SessionRepository {
  /** Read on every request that carries a cookie: built once. */
  private readonly findQuery = prepared((p: { tokenHash: string }) =>
    this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['users.id', 'users.username', 'users.desired_retention', 'users.strict_accents', 'sessions.last_seen_at', 'sessions.expires_at'])
      .where('sessions.token_hash', '=', p.tokenHash),
  );

  constructor(private readonly db: Kysely<Database>) {}

  async create(tokenHash: string, userId: string, now: number, expiresAt: number, userAgent = ''): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({ token_hash: tokenHash, user_id: userId, created_at: now, last_seen_at: now, expires_at: expiresAt, user_agent: userAgent })
      .execute();
  }

  async find(tokenHash: string): Promise<SessionRecord | undefined> {
    const row = await this.findQuery.executeTakeFirst(this.db, { tokenHash });
    if (!row) return undefined;
    return { learner: toLearner(row), lastSeenAt: row.last_seen_at, expiresAt: row.expires_at };
  }

  async touch(tokenHash: string, now: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  async deleteAllFor(userId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  async deleteExpired(now: number, idleMs: number): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - idleMs)]))
      .execute();
  }
}
