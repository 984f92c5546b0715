import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { Limit, RateLimiter } from '../../lib/rate-limiter.js';
import { sessionEnded, unauthorized } from '../../lib/errors.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import type { SessionRecord } from './session-cache.js';
import type { SessionInsert, SessionRepository } from './session.repository.js';
import type { Learner, LearnerClaim } from '../../lib/learner.js';
import { type UserRepository, newGuest } from './user.repository.js';

export const SESSION_COOKIE = 'sid';
/**
 * Writing last_seen_at on every request would turn reads into writes; a minute's precision is enough for idle expiry.
 */
const TOUCH_INTERVAL_MS = 60_000;
/**
 * New guests per client address: a class or an office behind one address starts a few dozen, a script thousands.
 * Past it a visitor's first answer is refused (429) and nothing is written.
 */
export const GUEST_LIMIT: Limit = { max: 60, windowMs: 60 * 60_000 };

declare module 'fastify' {
  interface FastifyRequest {
    /** The learner of this request's session (an account or a guest), or null without a session. */
    learner: Learner | null;
    sessionTokenHash: string | null;
    /** The request carried the cookie of an account's session that has ended: see `claim`. */
    sessionEnded: boolean;
  }
}

export interface SessionOptions {
  idleMs: number;
  maxMs: number;
  clock: Clock;
  /** Counts guest creation per client address. */
  limiter: RateLimiter;
}

/** Database-backed sessions: a random token in an httpOnly cookie, stored only as its hash. */
export class SessionManager {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly users: UserRepository,
    private readonly options: SessionOptions,
  ) {}

  register(app: FastifyInstance): void {
    app.decorateRequest('learner', null);
    app.decorateRequest('sessionTokenHash', null);
    app.decorateRequest('sessionEnded', false);
    // Callback-style, not async: a session kept from a moment ago (the common case) is admitted without a promise or a
    // turn of the microtask queue; only a lookup that must read the database goes async.
    app.addHook('onRequest', (request, reply, done) => {
      // The health check must not depend on the session table: with the database away it answers for itself.
      const { url } = request;
      if (!url.startsWith('/api/') || url === '/api/status' || url.startsWith('/api/status?')) return done();
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return done();
      const tokenHash = sha256(token);
      const now = this.options.clock();
      const kept = this.sessions.findKept(tokenHash);
      if (kept && !this.ended(kept, now)) {
        this.admit(request, kept, tokenHash, now);
        return done();
      }
      this.lookUp(request, reply, tokenHash, now).then(() => done(), done);
    });
    app.addHook('onClose', async () => {
      try {
        await this.sessions.flushTouches();
      } catch (err) {
        app.log.warn({ err: { message: (err as Error).message } }, 'last-seen times of sessions not written at close');
      }
    });
  }

  /**
   * The request's session when none is kept that is still valid: read from the database once. A session kept from a
   * moment ago that looks ended may since have been used on another instance, so it too ends only as read now.
   */
  private async lookUp(request: FastifyRequest, reply: FastifyReply, tokenHash: string, now: number): Promise<void> {
    const record = await this.sessions.find(tokenHash, { fresh: true });
    if (!record || this.ended(record, now)) {
      if (record) await this.sessions.delete(tokenHash);
      // A guest's expired session just ends: its next answer starts a new guest, as a visitor's does.
      if (record && !record.learner.username) {
        this.clearCookie(reply);
        return;
      }
      // An account's session ended elsewhere (logged out from its sessions list, everywhere, by a password
      // change) or expired; a missing row is one of those, as guests' sessions end only with their cookie. The
      // cookie stays until this browser logs in or out, so that no read clears it and lets a later answer be
      // recorded for a new guest: the learner would not know their work went elsewhere.
      request.sessionEnded = true;
      return;
    }
    this.admit(request, record, tokenHash, now);
  }

  /** The request is the session's learner's; its "last seen" time moves at most once per TOUCH_INTERVAL_MS. */
  private admit(request: FastifyRequest, record: SessionRecord, tokenHash: string, now: number): void {
    request.learner = record.learner;
    request.sessionTokenHash = tokenHash;
    if (now - record.lastSeenAt >= TOUCH_INTERVAL_MS) this.sessions.touch(tokenHash, now);
  }

  /** Past its absolute or its idle expiry. */
  private ended(record: SessionRecord, now: number): boolean {
    return record.expiresAt <= now || record.lastSeenAt + this.options.idleMs <= now;
  }

  /** Starts a fresh session for the user, ending the request's previous one (rotation at login). */
  async start(request: FastifyRequest, reply: FastifyReply, learner: Learner): Promise<void> {
    const session = this.newSession(request, learner);
    await this.sessions.rotate(request.sessionTokenHash, session.row);
    session.begin(reply);
  }

  /** A session to store for the learner, and how it begins on the request once stored (its cookie). */
  private newSession(
    request: FastifyRequest,
    learner: Learner,
  ): { row: SessionInsert; begin(reply: FastifyReply): void } {
    const token = randomToken(32);
    const now = this.options.clock();
    const tokenHash = sha256(token);
    const row: SessionInsert = {
      tokenHash,
      userId: learner.id,
      now,
      expiresAt: now + this.options.maxMs,
      userAgent: request.headers['user-agent']?.slice(0, 512) ?? '',
    };
    return {
      row,
      begin: (reply) => {
        request.learner = learner;
        request.sessionTokenHash = tokenHash;
        request.sessionEnded = false;
        void reply.setCookie(SESSION_COOKIE, token, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          maxAge: Math.floor(this.options.maxMs / 1000),
        });
      },
    };
  }

  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.sessionTokenHash) await this.sessions.delete(request.sessionTokenHash);
    request.learner = null;
    request.sessionTokenHash = null;
    request.sessionEnded = false;
    this.clearCookie(reply);
  }

  async endEverywhere(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
    await this.sessions.deleteAllFor(userId);
    request.learner = null;
    request.sessionTokenHash = null;
    this.clearCookie(reply);
  }

  /**
   * Who the request's writes act for: its learner, or for a visitor a new guest with its own session, written in
   * the write's own unit of work (`writeAs`, lib/learner.ts). Never for a request with an ended account session:
   * 401 `session_ended`, so the app can say so and keep the answers for when the learner logs in again (decision
   * 0002).
   */
  async claim(request: FastifyRequest, reply: FastifyReply): Promise<LearnerClaim> {
    if (request.learner) return { learner: request.learner };
    if (request.sessionEnded) throw sessionEnded();
    await this.options.limiter.hit(`guest:ip:${request.ip}`, GUEST_LIMIT);
    const guest = newGuest(randomToken());
    const session = this.newSession(request, guest);
    const { now } = session.row;
    return {
      learner: guest,
      create: async (trx) => {
        await this.users.createGuest(trx, guest.id, now);
        await this.sessions.create(session.row, trx);
      },
      started: () => session.begin(reply),
    };
  }

  private clearCookie(reply: FastifyReply): void {
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }
}

/** The logged-in account of the request; a guest or a visitor gets 401. */
export function requireAccount(request: FastifyRequest): Learner {
  const learner = request.learner;
  if (!learner?.username) throw unauthorized();
  return learner;
}
