import type { Kysely } from 'kysely';

/**
 * When the memory model was last tried and how many usable reviews that attempt found
 * (docs/decisions/0015-memory-model.md): a learner whose log was too small for a fit is told so, with what the
 * next attempt waits for, rather than a count of reviews they already have.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('memory_models').addColumn('attempted_at', 'bigint').execute();
  await db.schema.alterTable('memory_models').addColumn('usable_reviews', 'integer').execute();
}
