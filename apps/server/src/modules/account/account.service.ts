import type { ActiveSession, ChangePasswordBody } from '@vocab/api';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { Limit, RateLimiter } from '../../lib/rate-limiter.js';
import { sha256 } from '../../lib/tokens.js';
import { describeUserAgent } from '../../lib/user-agent.js';
import type { Learner } from '../../lib/learner.js';
import { resetLimitKeys } from './password-reset.js';
import type { AccountRepository } from './account.repository.js';
import { confirmLimitKey } from './email.service.js';

/**
 * Re-entering the password (to change it, or to delete the account) is limited per account: a session left open on
 * a shared computer must not become a way to guess the password quickly.
 */
const REAUTH_PER_ACCOUNT: Limit = { max: 10, windowMs: 15 * 60_000 };

/** Forgets the login counters kept under a name (LoginGuard.forgetName). */
export type ForgetName = (username: string) => Promise<void>;

/** Self-service of an account: its sessions, its password, and its deletion (ASVS V2/V3). */
export class AccountService {
  private readonly accounts: AccountRepository;
  private readonly limiter: RateLimiter;
  private readonly clock: Clock;
  private readonly sessionIdleMs: number;
  private readonly forgetName: ForgetName;

  constructor(deps: {
    accounts: AccountRepository;
    limiter: RateLimiter;
    clock: Clock;
    sessionIdleMs: number;
    forgetName: ForgetName;
  }) {
    ({
      accounts: this.accounts,
      limiter: this.limiter,
      clock: this.clock,
      sessionIdleMs: this.sessionIdleMs,
      forgetName: this.forgetName,
    } = deps);
  }

  async sessions(learner: Learner, currentTokenHash: string | null): Promise<ActiveSession[]> {
    const rows = await this.accounts.liveSessions(learner.id, this.clock(), this.sessionIdleMs);
    return rows.map((row) => ({
      id: publicSessionId(row.tokenHash),
      device: describeUserAgent(row.userAgent),
      createdAt: row.createdAt,
      lastUsedAt: row.lastSeenAt,
      current: row.tokenHash === currentTokenHash,
    }));
  }

  /** When the account was made (the export names it). */
  async createdAt(learner: Learner): Promise<number | null> {
    return this.accounts.createdAt(learner.id);
  }

  /** Ends one of the learner's sessions by its public id; returns whether it was the current one. */
  async revokeSession(learner: Learner, id: string, currentTokenHash: string | null): Promise<{ current: boolean }> {
    const rows = await this.accounts.liveSessions(learner.id, this.clock(), this.sessionIdleMs);
    const row = rows.find((r) => publicSessionId(r.tokenHash) === id);
    if (!row || !(await this.accounts.deleteSession(learner.id, row.tokenHash))) throw notFound('That session');
    return { current: row.tokenHash === currentTokenHash };
  }

  async changePassword(learner: Learner, body: ChangePasswordBody, currentTokenHash: string | null): Promise<void> {
    await this.confirmPassword(learner, body.currentPassword);
    await this.accounts.changePassword(learner.id, await hashPassword(body.newPassword), currentTokenHash);
  }

  async deleteAccount(learner: Learner, password: string): Promise<void> {
    await this.confirmPassword(learner, password);
    await this.accounts.deleteAccount(learner);
    if (learner.username) await this.forgetName(learner.username);
    const keys = [reauthKey(learner.id), confirmLimitKey(learner.id), ...resetLimitKeys(learner.id)];
    for (const key of keys) await this.limiter.reset(key);
  }

  private async confirmPassword(learner: Learner, password: string): Promise<void> {
    await this.limiter.hit(reauthKey(learner.id), REAUTH_PER_ACCOUNT);
    const hash = await this.accounts.passwordHash(learner.id);
    if (!hash || !(await verifyPassword(hash, password))) throw wrongPassword();
  }
}

/** What the list shows and revoke takes: a hash of the stored hash, so it can never be turned into a cookie. */
export const publicSessionId = (tokenHash: string): string => sha256(`session:${tokenHash}`).slice(0, 32);

const reauthKey = (userId: string) => `reauth:user:${userId}`;

/** 403, not 401: the session is fine, the password typed is not (a 401 would read as "logged out" to clients). */
const wrongPassword = () => new AppError(403, 'wrong_password', 'That is not your current password.');
