import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

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
  constructor(private readonly kysely: Kysely<Database>) {}

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

  /** Stores a result in place of the learner's previous one, in the unit of work that marked its cards known. */
  async saveResult(trx: Transaction<Database>, learnerId: string, language: string, result: PlacementRow): Promise<void> {
    await trx
      .insertInto('placements')
      .values({ learner_id: learnerId, language, ...result })
      .onConflict((oc) => oc.columns(['learner_id', 'language']).doUpdateSet(result))
      .execute();
  }
}
