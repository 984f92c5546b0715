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
    const inserted = await insertOwnWords(this.db, learnerId, language, [{ word, translation }]).executeTakeFirst();
    return inserted?.id ?? null;
  }

  /**
   * Adds many own words in one transaction (an import): all or none. The caller has left out the deck's words and
   * the ones the learner had; a word added meanwhile by another request is skipped by the same unique key as in
   * `add`. Returns how many were added.
   */
  async addMany(learnerId: string, language: string, words: OwnWord[]): Promise<number> {
    if (words.length === 0) return 0;
    return this.db.transaction().execute(async (trx) => {
      let added = 0;
      for (let i = 0; i < words.length; i += INSERT_BATCH) {
        added += (await insertOwnWords(trx, learnerId, language, words.slice(i, i + INSERT_BATCH)).execute()).length;
      }
      return added;
    });
  }
}

/** A word to add, with its sentence (its form bracketed) and the sentence's English where it has one. */
export interface OwnWord {
  word: string;
  translation: string;
  example?: string;
  exampleTranslation?: string;
}

/** Rows per INSERT: 11 parameters each stays far below SQLite's and PostgreSQL's limits on parameters. */
const INSERT_BATCH = 500;

/** The own-word insert: NFC text expected, keyed by lib/word-key.ts, a repeat of the learner's key does nothing. */
function insertOwnWords(db: Kysely<Database>, learnerId: string, language: string, words: OwnWord[]) {
  return db
    .insertInto('words')
    .values(
      words.map(({ word, translation, example = '', exampleTranslation = '' }) => ({
        language, word, word_key: wordKey(word), translation, pos: '', article: '', note: '', example, example_translation: exampleTranslation, rank: 0, owner_id: learnerId, active: 1,
      })),
    )
    .onConflict((oc) => oc.columns(['owner_id', 'language', 'word_key']).where('owner_id', 'is not', null).doNothing())
    .returning('id');
}
