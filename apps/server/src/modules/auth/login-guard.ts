import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { LoginThrottle } from '../../lib/login-throttle.js';
import type { Limit, RateLimiter } from '../../lib/rate-limiter.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { usernameKey } from './user.repository.js';

const WINDOW_MS = 15 * 60_000;
/** Per address, across names: slows spraying one password over many accounts. */
export const LOGIN_PER_CLIENT: Limit = { max: 50, windowMs: WINDOW_MS };
/** Per (account, address) for browsers the account does not know: one attacking address is stopped outright. */
export const LOGIN_PER_ACCOUNT_AND_CLIENT: Limit = { max: 10, windowMs: WINDOW_MS };
/** Per known browser: only its own failures count, and nobody else can make them. */
export const LOGIN_PER_KNOWN_DEVICE: Limit = { max: 10, windowMs: WINDOW_MS };
/**
 * Per account, every unknown browser from every address together: 10 attempts, then 1 s, 2 s, 4 s … up to a minute
 * between attempts. Guessing stays slow without a wall its owner could be locked behind.
 */
export const UNKNOWN_DEVICE_THROTTLE = { free: 10, firstDelayMs: 1_000, maxDelayMs: 60_000, memoryMs: WINDOW_MS };

export const DEVICE_COOKIE = 'did';
const DEVICE_MAX_AGE_MS = 365 * 86_400_000;

/** How a login attempt was admitted, for what follows its outcome. */
export interface Admission {
  userKey: string;
  deviceToken: string | null;
  knownDevice: boolean;
}

/**
 * Login limits that do not lock learners out (OWASP's "device cookies"). A browser that has logged in to
 * an account carries a random device token (stored only hashed, as sessions are); its attempts on that account are
 * counted on their own, so an attack from any number of addresses leaves the owner's browser free. Strangers are
 * limited per (account, address), and all together per account by growing delays.
 */
export class LoginGuard {
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {
    this.throttle = new LoginThrottle(db, clock, UNKNOWN_DEVICE_THROTTLE);
  }

  /** Counts the attempt; throws 429 with Retry-After when it must wait. */
  async admit(request: FastifyRequest, username: string): Promise<Admission> {
    const userKey = usernameKey(username);
    const deviceToken = request.cookies[DEVICE_COOKIE] ?? null;
    // The device cookie is looked at first: a known browser is counted only on its own, so a spray of made-up names
    // from the owner's address (the same NAT, a campus) cannot lock the owner out by exhausting the address's limit.
    const knownDevice = deviceToken !== null && (await this.isKnown(sha256(deviceToken), userKey));
    if (knownDevice) {
      await this.limiter.hit(deviceKey(deviceToken, userKey), LOGIN_PER_KNOWN_DEVICE);
    } else {
      await this.limiter.hit(`login:ip:${request.ip}`, LOGIN_PER_CLIENT);
      await this.limiter.hit(pairKey(userKey, request.ip), LOGIN_PER_ACCOUNT_AND_CLIENT);
      await this.throttle.claim(accountKey(userKey));
    }
    return { userKey, deviceToken, knownDevice };
  }

  /** A new account's browser: known to it from the start, without counting anything. */
  forSignup(request: FastifyRequest, username: string): Promise<Admission> {
    return Promise.resolve({
      userKey: usernameKey(username),
      deviceToken: request.cookies[DEVICE_COOKIE] ?? null,
      knownDevice: false,
    });
  }

  /** After a right password: the browser becomes (or stays) known to the account, and its own counter restarts. */
  async succeeded(
    request: FastifyRequest,
    reply: FastifyReply,
    { admission, userId }: { admission: Admission; userId: string },
  ): Promise<void> {
    await this.limiter.reset(
      admission.knownDevice && admission.deviceToken
        ? deviceKey(admission.deviceToken, admission.userKey)
        : pairKey(admission.userKey, request.ip),
    );
    const token =
      admission.deviceToken && /^[A-Za-z0-9_-]{20,64}$/.test(admission.deviceToken)
        ? admission.deviceToken
        : randomToken(32);
    await this.remember(sha256(token), userId);
    void reply.setCookie(DEVICE_COOKIE, token, {
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      maxAge: Math.floor(DEVICE_MAX_AGE_MS / 1000),
    });
  }

  private async remember(tokenHash: string, userId: string): Promise<void> {
    const now = this.clock();
    await this.db
      .insertInto('known_devices')
      .values({ token_hash: tokenHash, user_id: userId, created_at: now, last_used_at: now })
      .onConflict((oc) => oc.columns(['token_hash', 'user_id']).doUpdateSet({ last_used_at: now }))
      .execute();
  }

  /** Forgets the counters of a name (its account is being deleted). */
  async forgetName(username: string): Promise<void> {
    const userKey = usernameKey(username);
    await this.throttle.forget([accountKey(userKey)]);
    const escaped = userKey.replace(/[\\%_]/g, (c) => `\\${c}`);
    await this.db
      .deleteFrom('rate_limits')
      .where(
        sql<boolean>`key like ${`login:user-ip:${escaped}:%`} escape '\\' or key like
          ${`login:device:%:${escaped}`} escape '\\'`,
      )
      .execute();
  }

  /** Expired throttles, and browsers unused for a year. */
  async purgeExpired(): Promise<void> {
    await this.throttle.purgeExpired();
    await this.db
      .deleteFrom('known_devices')
      .where('last_used_at', '<=', this.clock() - DEVICE_MAX_AGE_MS)
      .execute();
  }

  /** Whether the browser of a device token has logged in to the account (a forgotten password trusts it more). */
  async knows(deviceToken: string, userId: string): Promise<boolean> {
    const row = await this.knownDevice(sha256(deviceToken))
      .where('known_devices.user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async isKnown(tokenHash: string, userKey: string): Promise<boolean> {
    const row = await this.knownDevice(tokenHash)
      .innerJoin('users', 'users.id', 'known_devices.user_id')
      .where('users.username_key', '=', userKey)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The accounts a device token is known to, within the year a browser is remembered. */
  private knownDevice(tokenHash: string) {
    return this.db
      .selectFrom('known_devices')
      .select('known_devices.user_id')
      .where('known_devices.token_hash', '=', tokenHash)
      .where('known_devices.last_used_at', '>', this.clock() - DEVICE_MAX_AGE_MS);
  }
}

const accountKey = (userKey: string) => `login:user:${userKey}`;
const pairKey = (userKey: string, ip: string) => `login:user-ip:${userKey}:${ip}`;
const deviceKey = (token: string, userKey: string) => `login:device:${sha256(token).slice(0, 32)}:${userKey}`;
