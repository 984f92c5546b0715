import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Sets where the learner takes new words from in a language; 1, the deck's start, removes the row (see
 * learning/deck-bands.ts for how the batch reads it).
 */
export async function chooseStart(trx: Transaction<Database>, learnerId: string, language: string, first: number): Promise<void> {
  if (first === 1) {
    await trx.deleteFrom('learning_starts').where('learner_id', '=', learnerId).where('language', '=', language).execute();
    return;
  }
  await trx
    .insertInto('learning_starts')
    .values({ learner_id: learnerId, language, rank: first })
    .onConflict((oc) => oc.columns(['learner_id', 'language']).doUpdateSet({ rank: first }))
    .execute();
}
