import { type Kysely, sql } from 'kysely';

/**
 * Each card says its word's language, so a learner's due cards of one language are read from one index range,
 * in due order, instead of every due card of every language joined to its word and then sorted
 * (docs/performance.md). A word's language never changes, so the copy cannot drift.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('progress')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update progress set language = (select w.language from words w where w.id = progress.word_id)`.execute(db);
  await db.schema.dropIndex('progress_due').execute();
  await db.schema
    .createIndex('progress_due')
    .on('progress')
    .columns(['learner_id', 'language', 'direction', 'due'])
    .execute();
}
