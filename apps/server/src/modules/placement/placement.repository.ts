import type { CardState, Direction } from '@vocab/core';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { addKnownCards } from '../learning/known-cards.js';

/** A deck word as the placement test asks and judges it. */
export interface DeckWordRow {
  id: number;
  rank: number;
  word: string;
  article: string;
  translation: string;
  hint: string;
}

export interface PlacementRow {
  level: number;
  deck_size: number;
  marked: number;
  taken_at: number;
}

/** The deck a placement test walks, and each learner's latest result with the cards it marked known. */
export class PlacementRepository {
  private readonly kysely: Kysely<Database>;

  constructor(private readonly db: Db) {
    this.kysely = db.kysely;
  }

  /** The language's active deck words, most common first (words_language_rank). */
  deck(language: string): Promise<DeckWordRow[]> {
    return this.kysely
      .selectFrom('words')
      .select(['id', 'rank', 'word', 'article', 'translation', 'hint'])
      .where('language', '=', language)
      .where('owner_id', 'is', null)
      .where('active', '=', 1)
      .orderBy('rank')
      .orderBy('id')
      .execute();
  }

  latest(learnerId: string, language: string): Promise<PlacementRow | undefined> {
    return this.kysely
      .selectFrom('placements')
      .select(['level', 'deck_size', 'marked', 'taken_at'])
      .where('learner_id', '=', learnerId)
      .where('language', '=', language)
      .executeTakeFirst();
  }

  /**
   * Records a result in one write transaction: cards for the known words that have none yet (others stay as they
   * are), and the result in place of the learner's previous one. Returns how many cards were created.
   */
  async record(learnerId: string, language: string, direction: Direction, result: Omit<PlacementRow, 'marked'>, known: ReadonlyArray<{ wordId: number; card: CardState }>): Promise<number> {
    return this.db.writeTransaction(async (trx) => {
      const marked = await addKnownCards(trx, { learnerId, language, direction }, known, result.taken_at);
      const row = { ...result, marked };
      await trx
        .insertInto('placements')
        .values({ learner_id: learnerId, language, ...row })
        .onConflict((oc) => oc.columns(['learner_id', 'language']).doUpdateSet(row))
        .execute();
      return marked;
    });
  }
}
