import type { CardState, Direction } from '@vocab/core';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { cardState } from './card.js';
import type { Dialect } from '../../db/database.js';
import { advanceFrontier } from './frontier.js';

/** Whose cards, in which language and direction. */
export interface KnownCardsOwner {
  learnerId: string;
  language: string;
  direction: Direction;
}

/**
 * Rows per INSERT: 17 parameters each keeps a statement far below SQLite's (32,766) and PostgreSQL's (65,535) limits.
 */
const INSERT_BATCH = 400;

/**
 * Creates cards for deck words the learner already knows (the placement test), learned and first due as each
 * card's state says, inside the caller's write transaction. A word that has a card in this direction keeps it as it
 * is. Nothing goes to the review log: no answer was given. Returns how many cards were created.
 *
 * Every card created outside an answer goes through here, so the learner's frontier (frontier.ts) moves past them.
 */
export async function addKnownCards(
  trx: Transaction<Database>,
  dialect: Dialect,
  {
    owner,
    cards,
    now,
  }: { owner: KnownCardsOwner; cards: ReadonlyArray<{ wordId: number; card: CardState }>; now: number },
): Promise<number> {
  let added = 0;
  for (let i = 0; i < cards.length; i += INSERT_BATCH) {
    const rows = cards.slice(i, i + INSERT_BATCH).map(({ wordId, card }) => ({
      learner_id: owner.learnerId,
      word_id: wordId,
      language: owner.language,
      direction: owner.direction,
      ...cardState(card),
      answered_correctly: 1,
      last_failed_at: null,
      updated_at: now,
    }));
    const result = await trx
      .insertInto('progress')
      .values(rows)
      .onConflict((oc) => oc.columns(['learner_id', 'word_id', 'direction']).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  if (added > 0) await advanceFrontier(trx, dialect, owner);
  return added;
}
