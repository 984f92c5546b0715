import type { Kysely } from 'kysely';

/**
 * A deck word's prompt hint (deck.ts `promptHint`): what an English prompt adds to say which word it wants when
 * another word shares its English ("you" → "informal, one person"). Filled by the deck loader.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('words')
    .addColumn('hint', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
