import type { LoginBody, SignupBody } from '@vocab/api';
import { DEFAULT_DESIRED_RETENTION } from '@vocab/core';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, invalidCredentials } from '../../lib/errors.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { randomToken } from '../../lib/tokens.js';
import type { Learner } from '../../lib/learner.js';
import type { UserRepository } from './user.repository.js';

const SIGNUP_PER_CLIENT = { max: 20, windowMs: 60 * 60_000 };

/**
 * Called when a guest logs into an account: its cards and languages move into the account, in one unit of work
 * that runs `first` (on the same transaction) before the merge.
 */
export type MergeGuest = (guestId: string, account: Learner, first: InUnit) => Promise<void>;
/** Work on the unit of work's transaction. */
export type InUnit = (trx: Transaction<Database>) => Promise<void>;

/** What signing up and logging in use: the accounts, the signup limit's counters, the time, and a guest's merge. */
export interface AuthDeps {
  users: UserRepository;
  limiter: RateLimiter;
  clock: Clock;
  mergeGuest: MergeGuest;
}

export class AuthService {
  private readonly users: UserRepository;
  private readonly limiter: RateLimiter;
  private readonly clock: Clock;
  private readonly mergeGuest: MergeGuest;

  constructor(deps: AuthDeps) {
    ({ users: this.users, limiter: this.limiter, clock: this.clock, mergeGuest: this.mergeGuest } = deps);
  }

  /**
   * Creates an account. A guest signing up keeps its row, so its cards become the account's without copying.
   */
  async signup(body: SignupBody, clientIp: string, current: Learner | null): Promise<Learner> {
    await this.limiter.hit(`signup:ip:${clientIp}`, SIGNUP_PER_CLIENT);
    // A cheap check first spares an argon2 hash on the common "name taken" case; the unique index still decides.
    if (await this.users.usernameTaken(body.username)) throw usernameTaken();
    const passwordHash = await hashPassword(body.password);
    if (current && current.username === null) {
      const upgraded = await this.users.upgradeGuest({
        id: current.id,
        username: body.username,
        passwordHash,
        now: this.clock(),
      });
      if (!upgraded) throw usernameTaken();
      return { ...current, username: body.username };
    }
    const id = randomToken();
    if (!(await this.users.createAccount({ id, username: body.username, passwordHash, now: this.clock() })))
      throw usernameTaken();
    return { id, username: body.username, desiredRetention: DEFAULT_DESIRED_RETENTION, strictAccents: false };
  }

  /** Checks the password; the attempt has been counted by LoginGuard (login-guard.ts) before. */
  async login(body: LoginBody, current: Learner | null): Promise<Learner> {
    const found = await this.users.findCredentials(body.username);
    // Unknown users cost one verification too: the answer and its timing must not reveal which names exist.
    const ok = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash()), body.password);
    if (!found || !ok) throw invalidCredentials();
    if (current && current.username === null && current.id !== found.learner.id) {
      // The languages the guest practised become its own first, so the merge brings them into the account.
      const now = this.clock();
      const guestId = current.id;
      await this.mergeGuest(guestId, found.learner, (trx) => this.users.adoptPractisedLanguages(trx, guestId, now));
    }
    return found.learner;
  }
}

const usernameTaken = () => conflict('username_taken', 'That username is already taken.');
