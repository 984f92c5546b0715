import type { CardState, Direction } from '@vocab/core';
import { type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A card's new memory state, applied only if the card has not been answered since the fit read it. */
export interface CardUpdate {
  wordId: number;
  direction: Direction;
  lastReview: number;
  state: CardState;
}

/**
 * A fitted memory model's new states of a learner's cards, inside the caller's unit of work. A card answered since
 * the fit read the log (its last review differs) keeps what that answer gave it. Due dates move as the memory
 * model's decision says: a card already due stays due, and one the new model wants sooner than now comes up now,
 * not in the past. Returns how many cards changed.
 */
export async function refitCards(
  trx: Transaction<Database>,
  { learnerId, cards, now }: { learnerId: string; cards: readonly CardUpdate[]; now: number },
): Promise<number> {
  let changed = 0;
  for (const c of cards) {
    const result = await trx
      .updateTable('progress')
      .set({
        stability: c.state.stability,
        difficulty: c.state.difficulty,
        scheduled_days: c.state.scheduled_days,
        due: sql<number>`case when due <= ${now} then due else ${Math.max(c.state.due, now)} end`,
        updated_at: now,
      })
      .where('learner_id', '=', learnerId)
      .where('word_id', '=', c.wordId)
      .where('direction', '=', c.direction)
      .where('last_review', '=', c.lastReview)
      .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  return changed;
}
