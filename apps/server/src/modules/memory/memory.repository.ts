import { type MemoryReport } from '@vocab/api';
import type { Db } from '../../db/database.js';
import { logSize } from './fit-discovery.js';
import { parseParameters } from '../cards/learner-memory.js';
import type { CardUpdate } from '../cards/refit.js';
import type { Cards } from '../cards/cards.js';

/**
 * After a failed fit, the learner is not tried again for this long: a log that crashes the optimizer keeps doing so.
 */
export const FAILURE_BACKOFF_MS = 86_400_000;
/**
 * Cards rewritten per write transaction: a large history is applied in short transactions that answers pass between.
 */
const CARDS_PER_TRANSACTION = 100;

export interface StoredModel {
  status: 'defaults' | 'fitted' | 'failed';
  version: number;
  fittedAt: number | null;
  parameters: readonly number[] | null;
  report: MemoryReport | null;
  /** The last attempt: when, on a log of how many reviews, and how many of them a fit could learn from. */
  attempt: { at: number; reviews: number; usable: number } | null;
}

/** Where each learner's memory models are kept, and the fitter's claims on them. */
/** Whose memory model: a learner's, in one language. */
export interface ModelOf {
  learnerId: string;
  language: string;
}

export class MemoryRepository {
  constructor(
    private readonly db: Db,
    private readonly cards: Cards,
  ) {}

  /** Whether any review was logged after `afterId` (one step of the reviews' primary key). */
  async reviewsAfter(afterId: number): Promise<boolean> {
    const row = await this.db.kysely
      .selectFrom('reviews')
      .select('id')
      .where('id', '>', afterId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The last review the fitter has looked at, for every instance and across restarts (migration 019). */
  async fitCursor(): Promise<number> {
    const row = await this.db.kysely
      .selectFrom('memory_fit_cursor')
      .select('after_review_id')
      .where('id', '=', 1)
      .executeTakeFirst();
    return Number(row?.after_review_id ?? 0);
  }

  /** Moves the cursor forward to `afterId`; never back, whichever instance got further first. */
  async advanceFitCursor(afterId: number): Promise<void> {
    await this.db.kysely
      .updateTable('memory_fit_cursor')
      .set({ after_review_id: afterId })
      .where('id', '=', 1)
      .where('after_review_id', '<', afterId)
      .execute();
  }

  async find(learnerId: string, language: string): Promise<StoredModel | null> {
    const row = await this.db.kysely
      .selectFrom('memory_models')
      .selectAll()
      .where('learner_id', '=', learnerId)
      .where('language', '=', language)
      .executeTakeFirst();
    if (!row) return null;
    return {
      status: row.status as StoredModel['status'],
      version: row.version,
      fittedAt: row.fitted_at === null ? null : Number(row.fitted_at),
      parameters: parseParameters(row.parameters),
      report: row.report ? (JSON.parse(row.report) as MemoryReport) : null,
      attempt:
        row.attempted_at === null || row.usable_reviews === null
          ? null
          : { at: Number(row.attempted_at), reviews: row.review_count, usable: row.usable_reviews },
    };
  }

  reviewCount(learnerId: string, language: string): Promise<number> {
    return logSize(this.db.kysely, learnerId, language);
  }

  async desiredRetention(learnerId: string): Promise<number | undefined> {
    return (
      await this.db.kysely
        .selectFrom('users')
        .select('desired_retention')
        .where('id', '=', learnerId)
        .executeTakeFirst()
    )?.desired_retention;
  }

  /**
   * Takes the model for a fit of a log of `reviews` reviews, unless another instance holds it or has just fitted
   * that much: one insert-or-update that succeeds only where no live claim exists, no backoff runs, and the last
   * attempt saw a smaller log. Instances sharing a database never fit the same learner twice for the same log.
   */
  async claim(
    { learnerId, language }: ModelOf,
    { reviews, now, leaseMs }: { reviews: number; now: number; leaseMs: number },
  ): Promise<boolean> {
    const result = await this.db.kysely
      .insertInto('memory_models')
      .values({ learner_id: learnerId, language, claimed_until: now + leaseMs })
      .onConflict((oc) =>
        oc
          .columns(['learner_id', 'language'])
          .doUpdateSet({ claimed_until: now + leaseMs })
          .where((eb) =>
            eb.and([
              eb('memory_models.claimed_until', '<', now),
              eb('memory_models.next_fit_at', '<=', now),
              eb('memory_models.review_count', '<', reviews),
            ]),
          ),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Too few usable reviews: the model keeps what it had (the defaults, or earlier fitted parameters). */
  async saveTooFew(
    { learnerId, language }: ModelOf,
    attempt: { reviews: number; usable: number },
    now: number,
  ): Promise<void> {
    await this.db.writeTransaction((trx) =>
      trx
        .updateTable('memory_models')
        .set({ review_count: attempt.reviews, usable_reviews: attempt.usable, attempted_at: now, claimed_until: 0 })
        .where('learner_id', '=', learnerId)
        .where('language', '=', language)
        .execute(),
    );
  }

  /** A failed fit: the last good parameters keep serving, and the learner waits a day before the next try. */
  async saveFailure({ learnerId, language }: ModelOf, message: string, now: number): Promise<void> {
    await this.db.writeTransaction((trx) =>
      trx
        .updateTable('memory_models')
        .set({
          status: 'failed',
          last_error: message.slice(0, 500),
          next_fit_at: now + FAILURE_BACKOFF_MS,
          claimed_until: 0,
        })
        .where('learner_id', '=', learnerId)
        .where('language', '=', language)
        .execute(),
    );
  }

  /**
   * New parameters: the cards' memory states first, in short transactions, then the model itself, so that an
   * answer never meets new parameters with a card still in the old ones' terms for longer than a transaction. A card
   * answered since the fit read the log keeps what that answer gave it. Due dates move as decision 0015 says: a card
   * already due stays due, and one the new model wants sooner than now comes up now, not in the past.
   */
  async saveFitted(
    { learnerId, language }: ModelOf,
    fit: {
      reviews: number;
      parameters: readonly number[];
      report: Omit<MemoryReport, 'cardsRescheduled'>;
      cards: CardUpdate[];
    },
    now: number,
  ): Promise<number> {
    let rescheduled = 0;
    for (let i = 0; i < fit.cards.length; i += CARDS_PER_TRANSACTION) {
      const chunk = fit.cards.slice(i, i + CARDS_PER_TRANSACTION);
      rescheduled += await this.cards.runJob((cards) => cards.refit(learnerId, chunk, now));
    }
    const report: MemoryReport = { ...fit.report, cardsRescheduled: rescheduled };
    await this.db.writeTransaction((trx) =>
      trx
        .updateTable('memory_models')
        .set((eb) => ({
          parameters: JSON.stringify(fit.parameters),
          retention_offset: fit.report.retentionCorrection,
          version: eb('version', '+', 1),
          status: 'fitted',
          review_count: fit.reviews,
          fitted_at: now,
          attempted_at: now,
          usable_reviews: fit.report.items,
          report: JSON.stringify(report),
          last_error: null,
          claimed_until: 0,
        }))
        .where('learner_id', '=', learnerId)
        .where('language', '=', language)
        .execute(),
    );
    return rescheduled;
  }
}
