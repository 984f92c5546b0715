import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface PlacementRow {
  level: number;
  deck_size: number;
  marked: number;
  taken_at: number;
}

/** Each learner's latest placement result with the cards it marked known. */
export class PlacementRepository {
  constructor(private readonly kysely: Kysely<Database>) {}

  latest(learnerId: string, language: string): Promise<PlacementRow | undefined> {
    return this.kysely
      .selectFrom('placements')
      .select(['level', 'deck_size', 'marked', 'taken_at'])
      .where('learner_id', '=', learnerId)
      .where('language', '=', language)
      .executeTakeFirst();
  }

  /** Stores a result in place of the learner's previous one, in the unit of work that marked its cards known. */
  async saveResult(
    trx: Transaction<Database>,
    { learnerId, language, result }: { learnerId: string; language: string; result: PlacementRow },
  ): Promise<void> {
    await trx
      .insertInto('placements')
      .values({ learner_id: learnerId, language, ...result })
      .onConflict((oc) => oc.columns(['learner_id', 'language']).doUpdateSet(result))
      .execute();
  }
}
