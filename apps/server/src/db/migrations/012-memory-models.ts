import type { Kysely } from 'kysely';

/**
 * Each learner's memory model per language (modules/memory): the FSRS parameters fitted to their own review log,
 * what the fit measured, and the fitter's bookkeeping (a lease, so that one instance fits a learner at a time, and
 * when to try again). No row, or no parameters, means FSRS's defaults (docs/decisions/0015-memory-model.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('memory_models')
    .addColumn('learner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('parameters', 'text')
    .addColumn('retention_offset', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('defaults'))
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fitted_at', 'bigint')
    .addColumn('report', 'text')
    .addColumn('last_error', 'text')
    .addColumn('next_fit_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('memory_models_pk', ['learner_id', 'language'])
    .execute();
}
