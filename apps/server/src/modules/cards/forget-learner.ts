import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Deletes a learner's cards, answers, own words (with every card and answer on them), frontiers, chosen starts and
 * taken-back answer ids, inside the account deletion's unit of work. The foreign keys would cascade from `users`;
 * each table is named anyway, so that deletion does not depend on a pragma or on a table added later remembering its
 * ON DELETE.
 */
export async function forgetLearner(trx: Transaction<Database>, learnerId: string): Promise<void> {
  const ownWords = trx.selectFrom('words').select('id').where('owner_id', '=', learnerId);
  await trx
    .deleteFrom('reviews')
    .where((eb) => eb.or([eb('learner_id', '=', learnerId), eb('word_id', 'in', ownWords)]))
    .execute();
  await trx
    .deleteFrom('progress')
    .where((eb) => eb.or([eb('learner_id', '=', learnerId), eb('word_id', 'in', ownWords)]))
    .execute();
  await trx.deleteFrom('words').where('owner_id', '=', learnerId).execute();
  await trx.deleteFrom('frontiers').where('learner_id', '=', learnerId).execute();
  await trx.deleteFrom('learning_starts').where('learner_id', '=', learnerId).execute();
  await trx.deleteFrom('taken_back_answers').where('learner_id', '=', learnerId).execute();
}
