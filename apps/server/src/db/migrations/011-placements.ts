import type { Kysely } from 'kysely';

/**
 * Each learner's latest placement test result per language (modules/placement). A new result replaces
 * the row; the cards a result marked known stay in progress (docs/decisions/0012-placement-test.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('placements')
    .addColumn('learner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('deck_size', 'integer', (c) => c.notNull())
    .addColumn('marked', 'integer', (c) => c.notNull())
    .addColumn('taken_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('placements_pk', ['learner_id', 'language'])
    .execute();
}
