import type { Kysely } from 'kysely';

/**
 * Each learner's frontier per language and card direction, the rank below which every active deck word
 * has a card (modules/cards/frontier.ts). The batch walks the deck from it instead of past every word the learner
 * has met. No row means rank 0: every learner starts, and an existing one restarts, at the deck's first word.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('frontiers')
    .addColumn('learner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('frontiers_pk', ['learner_id', 'language', 'direction'])
    .execute();
  // The deck loader lowers every frontier of a language past a word it adds.
  await db.schema.createIndex('frontiers_language_rank').on('frontiers').columns(['language', 'rank']).execute();
}
