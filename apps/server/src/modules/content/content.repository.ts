import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** What the landing page reads from the decks. */
export class ContentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The number of words in each language's active deck (own words not counted). */
  async deckSizes(): Promise<Map<string, number>> {
    const counts = await this.db
      .selectFrom('words')
      .select(['language', (eb) => eb.fn.countAll<number>().as('n')])
      .where('owner_id', 'is', null)
      .where('active', '=', 1)
      .groupBy('language')
      .execute();
    return new Map(counts.map((c) => [c.language, Number(c.n)]));
  }
}
