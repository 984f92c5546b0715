import { type Kysely, sql } from 'kysely';

/** Rows updated per statement while filling the keys. */
const CHUNK = 500;

/**
 * words.word_key: the word in NFC, lower-cased by Unicode's rules (lib/word-key.ts; repeated here so that this
 * migration never changes). A learner's own words are unique per (owner, language, key), so "Rennwort" and
 * "rennwort", or "NÃO" and "não", are one word on both engines, and the database's unique index decides between
 * two requests racing to add them. Deck words get the key too (to find a learner's word in the deck), without a
 * unique index: a deck may one day hold "Sie" and "sie".
 *
 * The unique index on the exact word (001) is dropped: the key's covers it.
 *
 * Own words that already collide (added before, on PostgreSQL) keep their rows: all but the first get a key that
 * cannot be typed (a control character and their id), so no progress is lost.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const key = (word: string) => word.normalize('NFC').toLowerCase();
  await db.schema
    .alterTable('words')
    .addColumn('word_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const rows = await sql<{ id: number; language: string; word: string; owner_id: string | null }>`
    select id, language, word, owner_id from words order by id`.execute(db);
  const seen = new Set<string>();
  const updates = rows.rows.map((row) => {
    let k = key(row.word);
    if (row.owner_id !== null) {
      const scope = `${row.owner_id}\u0000${row.language}\u0000${k}`;
      if (seen.has(scope)) k = `${k}\u0001${row.id}`;
      seen.add(scope);
    }
    return { id: Number(row.id), key: k };
  });
  for (let i = 0; i < updates.length; i += CHUNK) {
    const chunk = updates.slice(i, i + CHUNK);
    const cases = sql.join(
      chunk.map((u) => sql`when ${u.id} then ${u.key}`),
      sql` `,
    );
    await sql`update words set word_key = case id ${cases} end where id in
      (${sql.join(chunk.map((u) => u.id))})`.execute(db);
  }
  await db.schema
    .createIndex('words_owner_key_unique')
    .unique()
    .on('words')
    .columns(['owner_id', 'language', 'word_key'])
    .where(sql.ref('owner_id'), 'is not', null)
    .execute();
  // The key's index implies the old one on the exact word; two unique indexes would let a racing insert that the
  // key's ON CONFLICT lets pass fail on the other one (PostgreSQL checks only the named arbiter).
  await db.schema.dropIndex('words_owner_unique').execute();
  await db.schema.createIndex('words_language_key').on('words').columns(['language', 'word_key']).execute();
}
