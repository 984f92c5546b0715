import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail-queue.js';
import { hashPassword } from '../../lib/password.js';
import type { Limit, RateLimiter } from '../../lib/rate-limiter.js';
import { sha256 } from '../../lib/tokens.js';
import { addressKey, type EmailRepository, type MailableAccount } from './email.repository.js';
import { emailUnavailable, linkInvalid, mailLink } from './email.service.js';
import { usernameKey } from '../auth/user.repository.js';

/** A reset link works for half an hour, once. */
export const RESET_LINK_MS = 30 * 60_000;
/** Requests per client address, whatever they name: a spray is limited where it comes from, never at its target. */
const RESET_PER_CLIENT: Limit = { max: 20, windowMs: 60 * 60_000 };
/**
 * Reset mails per account for requests from browsers the account does not know, however it is named: past it,
 * requests are answered as always and nothing is sent. A browser the account knows (one it logged in from, or with
 * its session) counts apart, so that strangers spending this cannot keep a link from the owner.
 */
const RESET_PER_ACCOUNT: Limit = { max: 3, windowMs: 60 * 60_000 };
/** Accounts sharing one address that get a mail each. */
const ACCOUNTS_PER_ADDRESS = 5;

const strangersKey = (userId: string) => `reset:user:${userId}`;
const knownBrowserKey = (userId: string) => `reset:user-known:${userId}`;
/** The account's mail counters, forgotten with the account. */
export const resetLimitKeys = (userId: string) => [strangersKey(userId), knownBrowserKey(userId)];

/** Who asks: the client's address, its device cookie (lib: LoginGuard) and the account of its session, if any. */
export interface ResetRequester {
  ip: string;
  deviceToken: string | null;
  learnerId: string | null;
}

/** Whether the browser of a device token has logged in to the account (LoginGuard.knows). */
export type KnownDevice = (deviceToken: string, userId: string) => Promise<boolean>;

type Log = { warn(obj: object, msg: string): void };

/**
 * A forgotten password. A request is answered at once, the same way whether or not the address or
 * username exists; finding the account and queueing its mail happen after the answer, so neither the answer nor
 * its timing tells which names exist. Only an account with a confirmed address gets a link.
 */
export class PasswordReset {
  private readonly inFlight = new Set<Promise<void>>();

  private readonly emails: EmailRepository;
  private readonly mailer: Mailer | null;
  private readonly limiter: RateLimiter;
  private readonly clock: Clock;
  private readonly log: Log;
  private readonly knownDevice: KnownDevice;

  constructor(deps: {
    emails: EmailRepository;
    mailer: Mailer | null;
    limiter: RateLimiter;
    clock: Clock;
    log: Log;
    knownDevice: KnownDevice;
  }) {
    ({
      emails: this.emails,
      mailer: this.mailer,
      limiter: this.limiter,
      clock: this.clock,
      log: this.log,
      knownDevice: this.knownDevice,
    } = deps);
  }

  /**
   * Counts the request against its limits (a 429 says nothing about the account either), and returns the function
   * that starts its work, to be called once the answer has gone: on SQLite the lookup and the queueing run on the
   * event loop, and done before the answer they would make a known account's answer slower than an unknown one's.
   */
  async request(identifier: string, requester: ResetRequester): Promise<() => void> {
    const mailer = this.mailer;
    if (!mailer) throw emailUnavailable();
    const key = identifier.includes('@') ? addressKey(identifier) : usernameKey(identifier);
    await this.limiter.hit(`reset:ip:${requester.ip}`, RESET_PER_CLIENT);
    let go = (): void => undefined;
    const answered = new Promise<void>((resolve) => {
      go = resolve;
    });
    const work: Promise<void> = answered
      .then(() => this.mailLinks({ identifier, key }, mailer, requester))
      .catch((err: unknown) => this.log.warn({ err }, 'password reset mail could not be queued'))
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
    return () => setImmediate(go);
  }

  /** Waits for requests still being handled (the app closing, a test reading the outbox). */
  async settle(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  private async mailLinks(
    { identifier, key }: { identifier: string; key: string },
    mailer: Mailer,
    requester: ResetRequester,
  ): Promise<void> {
    const accounts: MailableAccount[] = identifier.includes('@')
      ? await this.emails.accountsByAddress(key, ACCOUNTS_PER_ADDRESS)
      : [await this.emails.accountByUsernameKey(key)].filter((a): a is MailableAccount => a !== null);
    for (const account of accounts) {
      const known = await this.knows(requester, account.userId);
      try {
        await this.limiter.hit((known ? knownBrowserKey : strangersKey)(account.userId), RESET_PER_ACCOUNT);
      } catch (err) {
        if (err instanceof AppError && err.status === 429) continue;
        throw err;
      }
      const now = this.clock();
      const { userId } = account;
      const link = { userId, purpose: 'reset', address: null, now, expiresAt: now + RESET_LINK_MS } as const;
      await mailLink({ emails: this.emails, mailer }, link, (url) => ({
        kind: 'reset-password',
        to: account.address,
        subject: 'Reset your Vocab password',
        text: [
          `Hello ${account.username},`,
          '',
          `Someone, probably you, asked to reset the password of the Vocab account "${account.username}".`,
          'Open this link within 30 minutes to choose a new one:',
          url,
          '',
          'The link works once. Setting a new password logs the account out on every device.',
          'If you did not ask for this, ignore this mail: your password stays as it is.',
        ].join('\n'),
      }));
    }
  }

  /** The request comes from a browser of the account: its session, or a device cookie it logged in with. */
  private async knows(requester: ResetRequester, userId: string): Promise<boolean> {
    if (requester.learnerId === userId) return true;
    return requester.deviceToken !== null && (await this.knownDevice(requester.deviceToken, userId));
  }

  /** Says whether a reset link still works, so its page can say so before a password is typed; limited per client. */
  async check(token: string, ip: string): Promise<void> {
    await this.limiter.hit(`reset-link:ip:${ip}`, RESET_PER_CLIENT);
    if (!(await this.emails.resetLinkUsable(sha256(token), this.clock()))) throw linkInvalid();
  }

  /** Sets the new password by the link's token; every session of the account ends. */
  async reset(token: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    if (!(await this.emails.resetPassword(sha256(token), passwordHash, this.clock()))) throw linkInvalid();
  }
}
