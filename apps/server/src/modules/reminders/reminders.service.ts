import type { ReminderPatch, ReminderState } from '@vocab/api';
import { isTimeZone } from '@vocab/core';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict } from '../../lib/errors.js';
import type { Learner } from '../../lib/learner.js';
import type { EmailRepository } from '../account/email.repository.js';
import type { LinkSigner } from './link-signer.js';
import type { RemindersRepository } from './reminders.repository.js';

export const UNSUBSCRIBE = 'unsubscribe';
/** The web app's page that unsubscribes with one button, by the same signed query. */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';

/** The daily reminder's settings, and turning it off by a signed link. */
export class RemindersService {
  private readonly reminders: RemindersRepository;
  private readonly emails: EmailRepository;
  private readonly signer: LinkSigner;
  private readonly clock: Clock;
  /** False without a mail server or with the reminder job off: nothing could be sent. */
  private readonly available: boolean;

  constructor(deps: {
    reminders: RemindersRepository;
    emails: EmailRepository;
    signer: LinkSigner;
    clock: Clock;
    available: boolean;
  }) {
    ({
      reminders: this.reminders,
      emails: this.emails,
      signer: this.signer,
      clock: this.clock,
      available: this.available,
    } = deps);
  }

  async state(learner: Learner): Promise<ReminderState> {
    const [settings, address] = await Promise.all([this.reminders.get(learner.id), this.emails.confirmed(learner.id)]);
    return { ...settings, available: this.available, emailConfirmed: address !== null };
  }

  async update(learner: Learner, patch: ReminderPatch): Promise<ReminderState> {
    const next = { ...(await this.reminders.get(learner.id)), ...patch };
    if (patch.timeZone !== undefined && !isTimeZone(patch.timeZone))
      throw badRequest('invalid_time_zone', 'That time zone is not known.');
    if (next.enabled) {
      if (!this.available) throw conflict('reminders_unavailable', 'Reminders are not available on this server.');
      if (!(await this.emails.confirmed(learner.id)))
        throw conflict('email_unconfirmed', 'Confirm an email address in your profile first.');
      if (next.days.length === 0) throw badRequest('no_days', 'Choose at least one day for the reminder.');
    }
    await this.reminders.save(learner.id, next, this.clock());
    return this.state(learner);
  }

  /** The query of a learner's unsubscribe link: who, and the server's signature of it. */
  async unsubscribeQuery(userId: string): Promise<string> {
    return `u=${encodeURIComponent(userId)}&s=${await this.signer.sign(UNSUBSCRIBE, userId)}`;
  }

  /** Turns the reminder off; a link that is not the server's is refused, whoever it names. */
  async unsubscribe(userId: string, signature: string): Promise<void> {
    if (!(await this.signer.verify(UNSUBSCRIBE, userId, signature)))
      throw badRequest('link_invalid', 'This unsubscribe link is not valid. Turn reminders off in your settings.');
    await this.reminders.disable(userId, this.clock());
  }
}
