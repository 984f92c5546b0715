import type { Kysely } from 'kysely';

/**
 * "Decks that last a year": where a learner chose to take new words from in a language ("Start words 1,001–1,500"
 * on the language's home; modules/learning/deck-bands.ts). No row: from the deck's first word, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('learning_starts')
    .addColumn('learner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('learning_starts_pk', ['learner_id', 'language'])
    .execute();
}
