import { type Kysely, sql } from 'kysely';

/**
 * How far the memory fitter has looked through the review log (docs/decisions/0015-memory-model.md), shared by every
 * instance and kept across restarts: a restart used to read the whole log again. One row; it only moves forward.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('memory_fit_cursor')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('after_review_id', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into memory_fit_cursor (id, after_review_id) values (1, 0)`.execute(db);
}
