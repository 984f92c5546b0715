import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail-queue.js';
import { hashPassword } from '../../lib/password.js';
import type { Limit, RateLimiter } from '../../lib/rate-limiter.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { addressKey, type EmailRepository, type MailableAccount } from './email.repository.js';
import { emailUnavailable, linkInvalid } from './email.service.js';
import { usernameKey } from '../auth/user.repository.js';

/** A reset link works for half an hour, once. */
export const RESET_LINK_MS = 30 * 60_000;
/** Requests per client address, whatever they name. */
const RESET_PER_CLIENT: Limit = { max: 20, windowMs: 60 * 60_000 };
/** Requests per address or username typed, whether or not it exists: the same 429 for both. */
const RESET_PER_IDENTIFIER: Limit = { max: 5, windowMs: 60 * 60_000 };
/** Reset mails per account, however it is named: past it, requests are answered as always and nothing is sent. */
const RESET_PER_ACCOUNT: Limit = { max: 3, windowMs: 60 * 60_000 };
/** Accounts sharing one address that get a mail each. */
const ACCOUNTS_PER_ADDRESS = 5;

export const resetLimitKey = (userId: string) => `reset:user:${userId}`;

type Log = { warn(obj: object, msg: string): void };

/**
 * A forgotten password. A request is answered at once, the same way whether or not the address or
 * username exists; finding the account and queueing its mail happen after the answer, so neither the answer nor
 * its timing tells which names exist. Only an account with a confirmed address gets a link.
 */
export class PasswordReset {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly emails: EmailRepository,
    private readonly mailer: Mailer | null,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly log: Log,
  ) {}

  /**
   * Counts the request against its limits (a 429 says nothing about the account either), and returns the function
   * that starts its work, to be called once the answer has gone: on SQLite the lookup and the queueing run on the
   * event loop, and done before the answer they would make a known account's answer slower than an unknown one's.
   */
  async request(identifier: string, clientIp: string): Promise<() => void> {
    const mailer = this.mailer;
    if (!mailer) throw emailUnavailable();
    const key = identifier.includes('@') ? addressKey(identifier) : usernameKey(identifier);
    await this.limiter.hit(`reset:ip:${clientIp}`, RESET_PER_CLIENT);
    await this.limiter.hit(`reset:id:${sha256(key).slice(0, 32)}`, RESET_PER_IDENTIFIER);
    let go = (): void => undefined;
    const answered = new Promise<void>((resolve) => { go = resolve; });
    const work: Promise<void> = answered
      .then(() => this.mailLinks(identifier, key, mailer))
      .catch((err: unknown) => this.log.warn({ err }, 'password reset mail could not be queued'))
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
    return () => setImmediate(go);
  }

  /** Waits for requests still being handled (the app closing, a test reading the outbox). */
  async settle(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  private async mailLinks(identifier: string, key: string, mailer: Mailer): Promise<void> {
    const accounts: MailableAccount[] = identifier.includes('@')
      ? await this.emails.accountsByAddress(key, ACCOUNTS_PER_ADDRESS)
      : [await this.emails.accountByUsernameKey(key)].filter((a): a is MailableAccount => a !== null);
    for (const account of accounts) {
      try {
        await this.limiter.hit(resetLimitKey(account.userId), RESET_PER_ACCOUNT);
      } catch (err) {
        if (err instanceof AppError && err.status === 429) continue;
        throw err;
      }
      const token = randomToken(32);
      const now = this.clock();
      await this.emails.createToken({ tokenHash: sha256(token), userId: account.userId, purpose: 'reset', address: null, now, expiresAt: now + RESET_LINK_MS });
      await mailer.send({
        userId: account.userId,
        kind: 'reset-password',
        to: account.address,
        subject: 'Reset your Vocab password',
        text: [
          `Hello ${account.username},`,
          '',
          `Someone, probably you, asked to reset the password of the Vocab account "${account.username}".`,
          'Open this link within 30 minutes to choose a new one:',
          mailer.link(`/reset-password?token=${token}`),
          '',
          'The link works once. Setting a new password logs the account out on every device.',
          'If you did not ask for this, ignore this mail: your password stays as it is.',
        ].join('\n'),
        expiresAt: now + RESET_LINK_MS,
      });
    }
  }

  /** Sets the new password by the link's token; every session of the account ends. */
  async reset(token: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    if (!(await this.emails.resetPassword(sha256(token), passwordHash, this.clock()))) throw linkInvalid();
  }
}
