import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { type GroupCommitMessage, groupCommitChannel } from '../telemetry.js';
import { type DirectRunner, withDirectRunner } from './direct.js';
import type { Database } from './schema.js';
import { assertOutsideWriteWork, runAsWriteWork } from './write-guard.js';

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  /** performance.now() when it was asked for: the wait a metric reports. */
  queuedAt: number;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

// Compiled once: built through the query builder, each piece's savepoint cost more than running it.
const SAVEPOINT = CompiledQuery.raw('savepoint piece');
const RELEASE = CompiledQuery.raw('release piece');
const ROLLBACK_TO = CompiledQuery.raw('rollback to piece');

/** Most pieces of work one commit carries: a bound on how long the reads queued behind it wait. */
const MAX_BATCH = 32;

/**
 * Group commit for SQLite. Each commit costs a transaction and a flush of the WAL to the disk (on the thread pool:
 * db/wal-sync.ts), so work collected together is committed together: a piece that fails rolls back alone and rejects
 * alone, the others commit (`commit`), and every piece resolves only once the commit that holds it is on the disk.
 *
 * better-sqlite3 runs each statement synchronously, so a transaction never yields to another request: batches
 * do not form by themselves. Work is collected for the rest of the event loop's turn (setImmediate, no timer):
 * the requests read from the network in one turn share a commit, and a lone answer waits for nothing but the
 * end of its turn.
 * PostgreSQL needs none of this: it commits concurrent transactions on its own connections (and groups their
 * flushes itself).
 */
export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;

  constructor(
    private readonly db: Kysely<Database>,
    /** Runs a statement of a batch's transaction at once on the connection the batch holds (db/direct.ts). */
    private readonly direct?: DirectRunner,
  ) {}

  run<T>(work: Work<T>): Promise<T> {
    // From inside a piece, a nested piece would wait for the batch that waits for it.
    assertOutsideWriteWork();
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        work: work as Work<unknown>,
        queuedAt: performance.now(),
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.drain());
    });
  }

  /**
   * Starts a commit for what has been collected. They queue for the connection in turn; none waits for the one
   * before it to be flushed to the disk (db/wal-sync.ts), so work that arrives meanwhile commits beside that flush.
   */
  private drain(): void {
    this.scheduled = false;
    while (this.queue.length > 0) void this.commit(this.queue.splice(0, MAX_BATCH));
  }

  /**
   * Commits a batch. Every piece runs in one transaction, without savepoints: a savepoint costs a statement on either
   * side and makes SQLite copy each page the piece changes to a sub-journal, the most an answer pays beyond its own
   * statements. Should a piece fail, that transaction rolls back and the batch runs again piece by piece, each in its
   * own savepoint (`commitApart`), so that the failure stays the piece's own. A piece may therefore run twice; it acts
   * only through its transaction, which the first run's rollback undid.
   */
  private async commit(batch: Job[]): Promise<void> {
    const failed = { piece: false };
    let values: unknown[] = [];
    try {
      values = await this.db.transaction().execute((trx) =>
        this.holding(trx, async () => {
          const done: unknown[] = [];
          for (const job of batch) {
            try {
              done.push(await runAsWriteWork(() => job.work(trx)));
            } catch (error) {
              failed.piece = true;
              throw error;
            }
          }
          return done;
        }),
      );
    } catch (error) {
      if (failed.piece && batch.length > 1) return this.commitApart(batch);
      settle(batch, failed.piece ? [{ ok: false, error }] : null, error);
      return;
    }
    settle(
      batch,
      values.map((value) => ({ ok: true, value })),
      null,
    );
  }

  /** Runs a batch's work with the direct way to its transaction's connection, when there is one. */
  private holding<T>(trx: Transaction<Database>, work: () => Promise<T>): Promise<T> {
    return this.direct ? withDirectRunner(trx, this.direct, work) : work();
  }

  /** Commits a batch with each piece in its own savepoint: a piece that fails rolls back and rejects alone. */
  private async commitApart(batch: Job[]): Promise<void> {
    const outcomes: Outcome[] = [];
    try {
      await this.db.transaction().execute((trx) =>
        this.holding(trx, async () => {
          for (const job of batch) {
            await trx.executeQuery(SAVEPOINT);
            try {
              // A piece querying the database instead of `trx` would wait for this batch's own lock: it throws instead.
              const value = await runAsWriteWork(() => job.work(trx));
              await trx.executeQuery(RELEASE);
              outcomes.push({ ok: true, value });
            } catch (error) {
              try {
                await trx.executeQuery(ROLLBACK_TO);
                await trx.executeQuery(RELEASE);
              } catch {
                // SQLite ends the whole transaction itself on some errors (a full disk, an I/O error): the batch
                // fails with the piece's own error, not with the failed rollback's.
                throw error;
              }
              outcomes.push({ ok: false, error });
            }
          }
        }),
      );
    } catch (error) {
      settle(batch, null, error);
      return;
    }
    settle(batch, outcomes, null);
  }
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Answers each piece of a committed batch with its outcome. Without outcomes the commit itself failed, or the flush
 * that makes it durable: no piece is acknowledged (an answer's client sends it again under the same id, and one
 * already stored is recognised).
 */
function settle(batch: Job[], outcomes: Outcome[] | null, error: unknown): void {
  report(batch, outcomes !== null);
  batch.forEach((job, i) => {
    const outcome = outcomes?.[i];
    if (outcome?.ok) job.resolve(outcome.value);
    else job.reject(outcome ? outcome.error : error);
  });
}

/** The batch's size and each piece's wait, for the operator's metrics (only computed when metrics are on). */
function report(batch: Job[], ok: boolean): void {
  if (!groupCommitChannel.hasSubscribers) return;
  const now = performance.now();
  groupCommitChannel.publish({
    size: batch.length,
    waitSeconds: batch.map((job) => (now - job.queuedAt) / 1000),
    ok,
  } satisfies GroupCommitMessage);
}
