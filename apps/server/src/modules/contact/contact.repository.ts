import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface OutboxMessage {
  id: number;
  name: string;
  email: string;
  message: string;
  attempts: number;
}

export class ContactRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(msg: { name: string; email: string; message: string }, status: 'pending' | 'stored', now: number): Promise<number> {
    const row = await this.db
      .insertInto('contact_messages')
      .values({ ...msg, created_at: now, status, attempts: 0, next_attempt_at: now, last_error: null, sent_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Claims the oldest due message by pushing its next attempt past the lease, in one atomic UPDATE: two instances
   * polling the outbox never send the same message at once.
   */
  async claimNext(now: number, leaseMs: number): Promise<OutboxMessage | undefined> {
    const candidate = await this.db
      .selectFrom('contact_messages')
      .select(['id', 'next_attempt_at'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return undefined;
    return this.db
      .updateTable('contact_messages')
      .set({ next_attempt_at: now + leaseMs })
      .where('id', '=', candidate.id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '=', candidate.next_attempt_at)
      .returning(['id', 'name', 'email', 'message', 'attempts'])
      .executeTakeFirst();
  }

  async markSent(id: number, now: number): Promise<void> {
    await this.db.updateTable('contact_messages').set({ status: 'sent', sent_at: now, last_error: null }).where('id', '=', id).execute();
  }

  async markFailed(id: number, attempts: number, error: string, nextAttemptAt: number | null): Promise<void> {
    await this.db
      .updateTable('contact_messages')
      .set({ attempts, last_error: error.slice(0, 500), ...(nextAttemptAt === null ? { status: 'failed' } : { next_attempt_at: nextAttemptAt }) })
      .where('id', '=', id)
      .execute();
  }
}
