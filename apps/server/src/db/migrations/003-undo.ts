import type { Kysely } from 'kysely';

/**
 * The card as it was before each scheduled answer (JSON), so the learner can undo an answer or say "I was right"
 * without leaving a second review in the log. Null for answers recorded before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reviews').addColumn('previous', 'text').execute();
}
