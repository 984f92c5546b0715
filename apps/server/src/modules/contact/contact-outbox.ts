import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../../lib/clock.js';
import type { ContactRepository, OutboxMessage } from './contact.repository.js';

/** Waits between attempts; after the last one a message is marked failed (it stays in the database). */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 24 * 3_600_000];
const LEASE_MS = 2 * 60_000;

export interface OutboxOptions {
  smtpUrl: string;
  to: string;
  from: string;
  pollMs?: number;
}

/** Delivers stored contact messages by SMTP, retrying with back-off; any instance may run it. */
export class ContactOutbox {
  private readonly transport: Transporter;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly repo: ContactRepository,
    private readonly clock: Clock,
    private readonly options: OutboxOptions,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {
    this.transport = nodemailer.createTransport(options.smtpUrl);
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
      .catch((err: unknown) => this.log.warn({ err }, 'contact outbox pass failed'))
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
      const msg = await this.repo.claimNext(this.clock(), LEASE_MS);
      if (!msg) return;
      await this.deliver(msg);
    }
  }

  private async deliver(msg: OutboxMessage): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.options.from,
        to: this.options.to,
        replyTo: { name: headerSafe(msg.name), address: msg.email },
        subject: `Contact form: ${headerSafe(msg.name)}`,
        text: `From: ${msg.name} <${msg.email}>\n\n${msg.message}`,
      });
      await this.repo.markSent(msg.id, this.clock());
    } catch (err) {
      const attempts = msg.attempts + 1;
      const delay = RETRY_DELAYS_MS[attempts - 1];
      this.log.warn({ err, messageId: msg.id, attempts }, 'contact message delivery failed');
      await this.repo.markFailed(msg.id, attempts, String(err), delay === undefined ? null : this.clock() + delay);
    }
  }
}

/**
 * A name in a mail header on one line: new messages are checked at the door (packages/api ContactBody), but rows
 * stored before that check may still hold a line break.
 */
const headerSafe = (value: string): string =>
  Array.from(value, (char) => {
    const code = char.codePointAt(0) ?? 0;
    return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029 ? ' ' : char;
  })
    .join('')
    .trim();
