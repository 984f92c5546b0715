import type { AccountEmail } from '@vocab/api';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { Mail, Mailer } from '../../lib/mail-queue.js';
import type { Limit, RateLimiter } from '../../lib/rate-limiter.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import type { Learner } from '../../lib/learner.js';
import type { EmailRepository, NewToken } from './email.repository.js';

/** A confirmation link works for a day: long enough to find the mail, short enough not to linger. */
export const CONFIRM_LINK_MS = 24 * 3_600_000;
/** Confirmation mails per account: a session left open must not become a way to mail a stranger often. */
const CONFIRM_PER_ACCOUNT: Limit = { max: 5, windowMs: 60 * 60_000 };

export const confirmLimitKey = (userId: string) => `email:user:${userId}`;

/** The same answer for a link that never existed, was used, or expired: a token tells nothing about an account. */
export const linkInvalid = () =>
  badRequest('link_invalid', 'This link has expired or was already used. Ask for a new one.');
export const emailUnavailable = () => new AppError(409, 'email_unavailable', 'This server cannot send email.');

/** Where a link of each purpose opens in the app. */
const LINK_PAGES = { confirm: '/confirm-email', reset: '/reset-password' } as const;

/**
 * Mails a single-use link: its token (stored only hashed) and the mail that carries it are written in one unit of
 * work (EmailRepository.createToken), and delivery starts once they are committed.
 */
export async function mailLink(
  { emails, mailer }: { emails: EmailRepository; mailer: Mailer },
  link: Omit<NewToken, 'tokenHash'>,
  compose: (url: string) => Omit<Mail, 'userId' | 'expiresAt'>,
): Promise<void> {
  const token = randomToken(32);
  const mail = compose(mailer.link(`${LINK_PAGES[link.purpose]}?token=${token}`));
  const { userId, expiresAt } = link;
  await emails.createToken({ ...link, tokenHash: sha256(token) }, { ...mail, userId, expiresAt });
  void mailer.kick();
}

/** Tells the address an account used to have that another one replaced it; it names neither account nor address. */
const emailChangedNotice = (old: string) => ({
  kind: 'email-changed' as const,
  to: old,
  subject: 'Your Vocab account has a new email address',
  text: [
    'Hello,',
    '',
    'The Vocab account that used this address has confirmed another one, so mail for it now goes there.',
    'If you did not make this change, log in and change your password, then set your address again in your profile.',
  ].join('\n'),
});

/**
 * An account's email address: added or changed in the profile (or at signup), used only once confirmed
 * by a single-use link, never shown to anyone but its account.
 */
export class EmailService {
  private readonly emails: EmailRepository;
  private readonly mailer: Mailer | null;
  private readonly limiter: RateLimiter;
  private readonly clock: Clock;

  constructor(deps: { emails: EmailRepository; mailer: Mailer | null; limiter: RateLimiter; clock: Clock }) {
    ({ emails: this.emails, mailer: this.mailer, limiter: this.limiter, clock: this.clock } = deps);
  }

  async state(learner: Learner): Promise<AccountEmail> {
    const [address, pending] = await Promise.all([
      this.emails.confirmed(learner.id),
      this.emails.pending(learner.id, this.clock()),
    ]);
    return { available: this.mailer !== null, address, pending: pending === address ? null : pending };
  }

  /**
   * Mails a confirmation link to `address`; the account's address changes only when it is opened. The address is
   * not the account's yet, and anyone can type anyone's: the mail carries nothing the requester chose (not even the
   * account's name), so it cannot carry a stranger's message.
   */
  async requestConfirmation(learner: Learner, address: string): Promise<void> {
    const mailer = this.mailer;
    if (!mailer) throw emailUnavailable();
    await this.limiter.hit(confirmLimitKey(learner.id), CONFIRM_PER_ACCOUNT);
    const now = this.clock();
    const link = { userId: learner.id, purpose: 'confirm', address, now, expiresAt: now + CONFIRM_LINK_MS } as const;
    await mailLink({ emails: this.emails, mailer }, link, (url) => ({
      kind: 'confirm-email',
      to: address,
      subject: 'Confirm your email address for Vocab',
      text: [
        'Hello,',
        '',
        'Open this link to confirm this address for a Vocab account:',
        url,
        '',
        // One sentence a line: the mail program wraps to its window, a break inside a sentence stays mid-line.
        'The link works once, for 24 hours.',
        'Vocab uses the address only for a forgotten password and, if you turn them on, daily reminders.',
        'If you did not ask for this, ignore this mail: nothing changes.',
      ].join('\n'),
    }));
  }

  async confirm(token: string): Promise<string> {
    // The old address hears of the change: a session taken over must not quietly move the account's mail elsewhere.
    const address = await this.emails.confirm(
      sha256(token),
      this.clock(),
      this.mailer ? emailChangedNotice : undefined,
    );
    if (!address) throw linkInvalid();
    void this.mailer?.kick();
    return address;
  }

  remove(learner: Learner): Promise<void> {
    return this.emails.remove(learner.id);
  }
}
