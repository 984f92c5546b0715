import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Where the learner chose to take new words from in a language (0: the deck's start), as a stored rank. */
export async function storedStart(db: Kysely<Database>, learnerId: string, language: string): Promise<number> {
  const row = await db
    .selectFrom('learning_starts')
    .select('rank')
    .where('learner_id', '=', learnerId)
    .where('language', '=', language)
    .executeTakeFirst();
  return row ? Number(row.rank) : 0;
}

/** The same, as a fragment of the statement that reads it (the batch picks new words from there in one statement). */
export const startRank = (learnerId: string, language: string) =>
  sql<number>`coalesce((select rank from learning_starts where learner_id = ${learnerId} and language =
    ${language}), 0)`;

/**
 * Sets where the learner takes new words from in a language; 1, the deck's start, removes the row (the batch reads
 * it through `startRank`, the bands through `storedStart`).
 */
export async function chooseStart(
  trx: Transaction<Database>,
  { learnerId, language, first }: { learnerId: string; language: string; first: number },
): Promise<void> {
  if (first === 1) {
    await trx
      .deleteFrom('learning_starts')
      .where('learner_id', '=', learnerId)
      .where('language', '=', language)
      .execute();
    return;
  }
  await trx
    .insertInto('learning_starts')
    .values({ learner_id: learnerId, language, rank: first })
    .onConflict((oc) => oc.columns(['learner_id', 'language']).doUpdateSet({ rank: first }))
    .execute();
}
