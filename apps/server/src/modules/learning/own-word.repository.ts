import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { wordKey } from '../../lib/word-key.js';
import type { WordRepository } from './word.repository.js';

/** Words a learner adds to a language themselves. */
export class OwnWordRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly words: WordRepository,
  ) {}

  /**
   * Adds a learner's own word; null when they have it already (in their list or in the deck). A word already in the
   * deck is refused by a read (the deck changes only at start); between the learner's own words the unique index on
   * (owner, language, key) decides, so parallel requests with "Rennwort" and "rennwort" add one word.
   */
  async add(learnerId: string, language: string, word: string, translation: string): Promise<number | null> {
    if (await this.words.hasWord(language, word)) return null;
    const inserted = await this.db
      .insertInto('words')
      .values({ language, word, word_key: wordKey(word), translation, pos: '', article: '', note: '', rank: 0, owner_id: learnerId, active: 1 })
      .onConflict((oc) => oc.columns(['owner_id', 'language', 'word_key']).where('owner_id', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id ?? null;
  }
}
