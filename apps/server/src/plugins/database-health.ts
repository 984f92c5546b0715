import type { FastifyInstance } from 'fastify';
import type { DatabaseFailure } from '../db/db-errors.js';
import { serviceUnavailable } from '../lib/errors.js';

/** Seconds a client is asked to wait while the database is away: long enough for a restart or a failover. */
export const UNAVAILABLE_RETRY_SECONDS = 5;
/** Seconds a client is asked to wait while nothing can be stored (a full disk needs someone to act). */
export const STORAGE_RETRY_SECONDS = 30;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What the server knows of its database beyond "does it answer": whether it is ready (migrated and its decks
 * loaded; a server started while PostgreSQL was away becomes ready once it returns) and whether the last write
 * failed for want of storage (a full disk, a read-only file), which a plain read cannot see.
 */
export class DatabaseHealth {
  private storageError: string | null = null;

  constructor(private isReady = true) {}

  get ready(): boolean {
    return this.isReady;
  }

  markReady(): void {
    this.isReady = true;
  }

  /** Why the last write failed, or null when it did not. */
  get storageFailure(): string | null {
    return this.storageError;
  }

  noteFailure(kind: DatabaseFailure, err: unknown): void {
    if (kind === 'storage') this.storageError = (err as { code?: string } | null)?.code ?? 'storage';
  }

  noteWriteSucceeded(): void {
    this.storageError = null;
  }

  /**
   * Until the database is ready, every API call but /api/status is answered 503 with Retry-After before it
   * touches the database; a state-changing call answered below 400 proves that storage works again.
   * Registered before any hook that queries the database.
   */
  register(app: FastifyInstance): void {
    // Hooks with `done`, not async: they run on every request (a throw still refuses it, as Fastify catches it).
    app.addHook('onRequest', (request, _reply, done) => {
      if (this.isReady || !request.url.startsWith('/api/') || request.url.split('?')[0] === '/api/status') {
        done();
        return;
      }
      throw serviceUnavailable(
        'starting',
        'The server is starting and cannot reach its database yet. Please try again shortly.',
        UNAVAILABLE_RETRY_SECONDS,
      );
    });
    app.addHook('onResponse', (request, reply, done) => {
      if (this.storageError !== null && !SAFE_METHODS.has(request.method) && reply.statusCode < 400)
        this.noteWriteSucceeded();
      done();
    });
  }
}
