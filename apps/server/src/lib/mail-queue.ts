import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from './clock.js';
import { Outbox, OutboxTable, type OutboxLog, type OutboxStore, type SendFailure } from './outbox.js';
import { randomToken } from './tokens.js';

/** A mail to a learner, as queued: confirmation and reset links, daily reminders. */
export interface Mail {
  userId: string;
  kind: 'confirm-email' | 'email-changed' | 'reset-password' | 'reminder';
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
  /** Not sent after this (the link in it no longer works). */
  expiresAt?: number;
}

interface QueuedMail {
  id: string;
  attempts: number;
  to_address: string;
  subject: string;
  body: string;
  headers: string;
}

/** Inserts a mail into the outbox, on the connection or transaction given (a reminder is queued with its claim). */
export async function queueMail(db: Kysely<Database>, mail: Mail, now: number): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({
      id: randomToken(),
      user_id: mail.userId,
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.subject,
      body: mail.text,
      headers: JSON.stringify(mail.headers ?? {}),
      created_at: now,
      expires_at: mail.expiresAt ?? null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      last_error: null,
      sent_at: null,
    })
    .execute();
}

class MailStore implements OutboxStore<QueuedMail> {
  private readonly queue: OutboxTable<'mail_outbox'>;

  constructor(private readonly db: Kysely<Database>) {
    this.queue = new OutboxTable(db, 'mail_outbox', true);
  }

  async claimNext(now: number): Promise<QueuedMail | undefined> {
    const claimed = await this.queue.claimNext(now);
    if (!claimed) return undefined;
    const row = await this.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'body', 'headers'])
      .where('id', '=', claimed.id)
      .executeTakeFirst();
    return row && { ...row, ...claimed };
  }

  /** A sent mail's text is emptied: it may hold a link that works, and the database needs only that it went. */
  markSent(id: string, now: number): Promise<void> {
    return this.queue.markSent(id, now, { body: '' });
  }

  markFailed(id: string, failure: SendFailure): Promise<void> {
    return this.queue.markFailed(id, failure);
  }
}

export interface MailerOptions {
  smtpUrl: string;
  from: string;
  /** The app's public address, for the links in mails (no trailing slash). */
  publicUrl: string;
  pollMs?: number;
}

/**
 * Mails to learners, through the outbox (lib/outbox.ts): queued in the database first, so a mail server away or a
 * restart loses nothing, then delivered with retries by whichever instance claims it. Exists only when SMTP is set.
 */
export class Mailer {
  private readonly outbox: Outbox<QueuedMail>;
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  readonly options: MailerOptions;

  constructor(deps: { db: Kysely<Database>; clock: Clock; options: MailerOptions; log: OutboxLog }) {
    const { db, clock, options, log } = deps;
    ({ db: this.db, clock: this.clock, options: this.options } = deps);
    const compose = (mail: QueuedMail) => ({
      from: options.from,
      to: mail.to_address,
      subject: mail.subject,
      text: mail.body,
      headers: JSON.parse(mail.headers) as Record<string, string>,
    });
    const outboxOptions = { smtpUrl: options.smtpUrl, pollMs: options.pollMs, name: 'mail' };
    this.outbox = new Outbox({ store: new MailStore(db), compose, clock, options: outboxOptions, log });
  }

  /** A link to a page of the app. */
  link(path: string): string {
    return `${this.options.publicUrl}${path}`;
  }

  /** Queues a mail and starts a delivery pass after it (the caller's answer does not wait for the mail server). */
  async send(mail: Mail): Promise<void> {
    await queueMail(this.db, mail, this.clock());
    void this.outbox.kick();
  }

  kick(): Promise<void> {
    return this.outbox.kick();
  }

  start(): void {
    this.outbox.start();
  }

  stop(): Promise<void> {
    return this.outbox.stop();
  }
}
