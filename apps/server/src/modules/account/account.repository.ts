import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Learner } from '../../lib/learner.js';
import type { Cards } from '../cards/cards.js';
import { voidResetLinks } from './email.repository.js';

export interface SessionRow {
  tokenHash: string;
  userAgent: string;
  createdAt: number;
  lastSeenAt: number;
}

/** Kysely only: the account's sessions, its password hash, and deleting everything it owns. */
export class AccountRepository {
  private readonly db: Kysely<Database>;
  private readonly write: Db['writeTransaction'];

  constructor(
    db: Db,
    private readonly cards: Cards,
    /** Writes the sessions' last use gathered in memory (SessionRepository.flushTouches), so that the list sees it. */
    private readonly writeSessionTouches: () => Promise<void> = () => Promise.resolve(),
  ) {
    this.db = db.kysely;
    this.write = db.writeTransaction;
  }

  /** Sessions still alive (neither past their end nor idle too long), the most recently used first. */
  async liveSessions(userId: string, now: number, idleMs: number): Promise<SessionRow[]> {
    await this.writeSessionTouches();
    const rows = await this.db
      .selectFrom('sessions')
      .select(['token_hash', 'user_agent', 'created_at', 'last_seen_at'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .where('last_seen_at', '>', now - idleMs)
      .orderBy('last_seen_at', 'desc')
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((r) => ({
      tokenHash: r.token_hash,
      userAgent: r.user_agent,
      createdAt: Number(r.created_at),
      lastSeenAt: Number(r.last_seen_at),
    }));
  }

  /** Deletes one of the account's sessions; false when it has none by that hash (the where on user_id authorises). */
  async deleteSession(userId: string, tokenHash: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async deleteOtherSessions(userId: string, keepTokenHash: string | null): Promise<void> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (keepTokenHash) query = query.where('token_hash', '<>', keepTokenHash);
    await query.execute();
  }

  async createdAt(userId: string): Promise<number | null> {
    const row = await this.db.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirst();
    return row ? Number(row.created_at) : null;
  }

  async passwordHash(userId: string): Promise<string | null> {
    const row = await this.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
    return row?.password_hash ?? null;
  }

  /** Sets the new hash and ends every other session, in one transaction: no old session outlives the change. */
  async changePassword(userId: string, passwordHash: string, keepTokenHash: string | null): Promise<void> {
    await this.write(async (trx) => {
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
      let query = trx.deleteFrom('sessions').where('user_id', '=', userId);
      if (keepTokenHash) query = query.where('token_hash', '<>', keepTokenHash);
      await query.execute();
      await voidResetLinks(trx, userId);
    });
  }

  /**
   * Deletes the account and everything it owns, in one unit of work: its cards and all that moves with them
   * (cards/forget-learner.ts), then the rest. The foreign keys would cascade from `users` alone; each table is named
   * anyway, so that the deletion does not depend on a pragma or on a table added later remembering its ON DELETE
   * (the account test counts the rows of every table).
   */
  async deleteAccount(learner: Learner): Promise<void> {
    await this.cards.run({ learner }, async ({ cards, trx }) => {
      const userId = learner.id;
      await cards.forgetLearner(userId);
      await trx.deleteFrom('user_languages').where('user_id', '=', userId).execute();
      await trx.deleteFrom('placements').where('learner_id', '=', userId).execute();
      await trx.deleteFrom('known_devices').where('user_id', '=', userId).execute();
      await trx.deleteFrom('mail_outbox').where('user_id', '=', userId).execute();
      await trx.deleteFrom('reminder_sends').where('user_id', '=', userId).execute();
      await trx.deleteFrom('reminder_settings').where('user_id', '=', userId).execute();
      await trx.deleteFrom('email_tokens').where('user_id', '=', userId).execute();
      await trx.deleteFrom('account_emails').where('user_id', '=', userId).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      await trx.deleteFrom('users').where('id', '=', userId).execute();
    });
  }
}
