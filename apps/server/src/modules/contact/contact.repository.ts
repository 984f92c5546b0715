import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { OutboxTable, type OutboxStore, type SendFailure } from '../../lib/outbox.js';

export interface OutboxMessage {
  id: number;
  name: string;
  email: string;
  message: string;
  attempts: number;
}

export class ContactRepository implements OutboxStore<OutboxMessage> {
  private readonly queue: OutboxTable<'contact_messages'>;

  constructor(private readonly db: Kysely<Database>) {
    this.queue = new OutboxTable(db, 'contact_messages');
  }

  async insert(
    msg: { name: string; email: string; message: string },
    status: 'pending' | 'stored',
    now: number,
  ): Promise<number> {
    const row = await this.db
      .insertInto('contact_messages')
      .values({ ...msg, created_at: now, status, attempts: 0, next_attempt_at: now, last_error: null, sent_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Claims the oldest due message (lib/outbox.ts), with what the mail says. */
  async claimNext(now: number): Promise<OutboxMessage | undefined> {
    const claimed = await this.queue.claimNext(now);
    if (!claimed) return undefined;
    const row = await this.db
      .selectFrom('contact_messages')
      .select(['name', 'email', 'message'])
      .where('id', '=', claimed.id)
      .executeTakeFirst();
    return row && { ...row, ...claimed };
  }

  markSent(id: number, now: number): Promise<void> {
    return this.queue.markSent(id, now);
  }

  markFailed(id: number, failure: SendFailure): Promise<void> {
    return this.queue.markFailed(id, failure);
  }
}
