import type { Kysely } from 'kysely';

/**
 * A word's example sentence and its English translation (deck columns `example`, `example_translation`): the
 * sentence marks the word's form as it stands in it with one [bracketed] span. Filled by the deck loader for deck
 * words, and by the add-word form or an import for a learner's own words; empty where a word has none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('words')
    .addColumn('example', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('words')
    .addColumn('example_translation', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
