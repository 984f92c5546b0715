import { type Kysely, type Selectable, sql } from 'kysely';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Database } from '../db/schema.js';
import type { Clock } from './clock.js';

/** Waits between attempts; after the last one a message is marked failed (it stays in the database). */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 24 * 3_600_000];
const LEASE_MS = 2 * 60_000;

/** The delivery bookkeeping every outbox table has. */
interface OutboxColumns {
  id: string | number;
  status: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  sent_at: number | null;
}
/** The outbox tables: each must have the bookkeeping columns, which the `Outboxes` check below holds it to. */
/** A failed send: the attempts made so far, why the last failed, and when to try again (null: never). */
export interface SendFailure {
  attempts: number;
  error: string;
  nextAttemptAt: number | null;
}

type OutboxTableName = 'contact_messages' | 'mail_outbox';
type Outboxes = { [T in OutboxTableName]: Selectable<Database[T]> extends OutboxColumns ? T : never }[OutboxTableName];
/** The one view the queue's queries are checked against: a table named `outbox` with only the shared columns. */
type OutboxView = { outbox: OutboxColumns };

/**
 * The queue operations of an outbox table, written once for every table with the bookkeeping columns (`status`
 * 'pending' | 'sent' | 'failed', `attempts`, `next_attempt_at`, `last_error`, `sent_at`). A table with an
 * `expires_at` column never hands out a message past it: a link that no longer works is not worth sending.
 */
export class OutboxTable<T extends Outboxes> {
  // Kysely cannot check a query against a table chosen at run time; every outbox table has the view's columns.
  private readonly db: Kysely<OutboxView>;
  private readonly name: 'outbox';

  constructor(
    db: Kysely<Database>,
    table: T,
    private readonly expires = false,
  ) {
    this.db = db as unknown as Kysely<OutboxView>;
    this.name = table as unknown as 'outbox';
  }

  /**
   * Claims the oldest due message by pushing its next attempt past the lease, in one atomic UPDATE: two instances
   * polling the outbox never send the same message at once.
   */
  async claimNext(now: number, leaseMs = LEASE_MS): Promise<{ id: Id<T>; attempts: number } | undefined> {
    let query = this.db
      .selectFrom(this.name)
      .select(['id', 'next_attempt_at'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now);
    if (this.expires) query = query.where(sql<boolean>`(expires_at is null or expires_at > ${now})`);
    const candidate = await query.orderBy('next_attempt_at').limit(1).executeTakeFirst();
    if (!candidate) return undefined;
    const claimed = await this.db
      .updateTable(this.name)
      .set({ next_attempt_at: now + leaseMs })
      .where('id', '=', candidate.id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '=', candidate.next_attempt_at)
      .returning(['id', 'attempts'])
      .executeTakeFirst();
    return claimed as { id: Id<T>; attempts: number } | undefined;
  }

  /** `clear` empties columns of the table's own that a sent message no longer needs kept. */
  async markSent(id: Id<T>, now: number, clear: Record<string, ''> = {}): Promise<void> {
    await this.db
      .updateTable(this.name)
      .set({ status: 'sent', sent_at: now, last_error: null, ...clear })
      .where('id', '=', id as OutboxColumns['id'])
      .execute();
  }

  async markFailed(id: Id<T>, { attempts, error, nextAttemptAt }: SendFailure): Promise<void> {
    await this.db
      .updateTable(this.name)
      .set({
        attempts,
        last_error: error.slice(0, 500),
        ...(nextAttemptAt === null ? { status: 'failed' } : { next_attempt_at: nextAttemptAt }),
      })
      .where('id', '=', id as OutboxColumns['id'])
      .execute();
  }
}

/** A table's id type, as its rows give it. */
type Id<T extends OutboxTableName> = Selectable<Database[T]> extends { id: infer I } ? I : never;

/** What an outbox needs of its table: claim one due message with its content, and record how delivery went. */
export interface OutboxStore<M extends { id: string | number; attempts: number }> {
  claimNext(now: number): Promise<M | undefined>;
  markSent(id: M['id'], now: number): Promise<void>;
  markFailed(id: M['id'], failure: SendFailure): Promise<void>;
}

export interface OutboxOptions {
  smtpUrl: string;
  pollMs?: number;
  /** Names the outbox in log lines ("contact", "mail"). */
  name: string;
}

export type OutboxLog = { warn(obj: object, msg: string): void };

/**
 * Delivers stored messages by SMTP, retrying with back-off; any instance may run it. What a message becomes as a
 * mail is the caller's `compose`; what is stored and how it is claimed is the store's.
 */
export class Outbox<M extends { id: string | number; attempts: number }> {
  private readonly transport: Transporter;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  private readonly store: OutboxStore<M>;
  private readonly compose: (msg: M) => SendMailOptions;
  private readonly clock: Clock;
  private readonly options: OutboxOptions;
  private readonly log: OutboxLog;

  constructor(deps: {
    store: OutboxStore<M>;
    compose: (msg: M) => SendMailOptions;
    clock: Clock;
    options: OutboxOptions;
    log: OutboxLog;
  }) {
    ({ store: this.store, compose: this.compose, clock: this.clock, options: this.options, log: this.log } = deps);
    this.transport = nodemailer.createTransport(this.options.smtpUrl);
  }

  start(): void {
    this.timer = setInterval(() => void this.kick(), this.options.pollMs ?? 30_000);
    this.timer.unref();
  }

  /** Runs a delivery pass now (after a new message), unless one is already running. */
  kick(): Promise<void> {
    // A pass that fails (the database away) is logged; the next poll tries again. Nobody awaits a kick's
    // rejection, and an unhandled one would end the process.
    this.running ??= this.deliverDue()
      .catch((err: unknown) => this.log.warn({ err }, `${this.options.name} outbox pass failed`))
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    this.transport.close();
  }

  async deliverDue(): Promise<void> {
    for (;;) {
      const msg = await this.store.claimNext(this.clock());
      if (!msg) return;
      await this.deliver(msg);
    }
  }

  private async deliver(msg: M): Promise<void> {
    try {
      await this.transport.sendMail(this.compose(msg));
      await this.store.markSent(msg.id, this.clock());
    } catch (err) {
      const attempts = msg.attempts + 1;
      const delay = RETRY_DELAYS_MS[attempts - 1];
      this.log.warn({ err, messageId: msg.id, attempts }, `${this.options.name} message delivery failed`);
      await this.store.markFailed(msg.id, {
        attempts,
        error: String(err),
        nextAttemptAt: delay === undefined ? null : this.clock() + delay,
      });
    }
  }
}

/**
 * A value in a mail header on one line: new messages are checked at the door, but rows stored before that check
 * may still hold a line break.
 */
export const headerSafe = (value: string): string =>
  Array.from(value, (char) => {
    const code = char.codePointAt(0) ?? 0;
    return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029 ? ' ' : char;
  })
    .join('')
    .trim();
