import type { SendMailOptions } from 'nodemailer';
import type { Clock } from '../../lib/clock.js';
import { Outbox, headerSafe, type OutboxLog } from '../../lib/outbox.js';
import type { ContactRepository, OutboxMessage } from './contact.repository.js';

export { RETRY_DELAYS_MS } from '../../lib/outbox.js';

export interface ContactOutboxOptions {
  smtpUrl: string;
  to: string;
  from: string;
  pollMs?: number;
}

/** Delivers stored contact messages to the operators (lib/outbox.ts: retries with back-off, any instance). */
export class ContactOutbox extends Outbox<OutboxMessage> {
  constructor(deps: { repo: ContactRepository; clock: Clock; options: ContactOutboxOptions; log: OutboxLog }) {
    const { repo, clock, options, log } = deps;
    const compose = (msg: OutboxMessage): SendMailOptions => ({
      from: options.from,
      to: options.to,
      replyTo: { name: headerSafe(msg.name), address: msg.email },
      subject: `Contact form: ${headerSafe(msg.name)}`,
      text: `From: ${msg.name} <${msg.email}>\n\n${msg.message}`,
    });
    const outboxOptions = { smtpUrl: options.smtpUrl, pollMs: options.pollMs, name: 'contact' };
    super({ store: repo, compose, clock, options: outboxOptions, log });
  }
}
