import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { wordKey } from '../../lib/word-key.js';

/**
 * Adds a learner's own words (one, or an import's all at once) inside the caller's unit of work: all or none.
 * Returns the ids of the words added. The caller has left out the deck's words (the deck changes only at start); a
 * word the learner has already is skipped by the unique index on (owner, language, key), so parallel requests with
 * "Rennwort" and "rennwort" add one word.
 */
export async function addOwnWords(trx: Transaction<Database>, added: OwnWordsOf): Promise<number[]> {
  const { words } = added;
  const ids: number[] = [];
  for (let i = 0; i < words.length; i += INSERT_BATCH) {
    const rows = await insertOwnWords(trx, { ...added, words: words.slice(i, i + INSERT_BATCH) }).execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/**
 * Changes one of the learner's own words in place: its id stays, so its cards and review log follow it. A changed
 * word drops its sentence, which bracketed the old one. False when the learner has no such word; a word they have
 * already under the new key fails the unique index (the caller tells the learner).
 */
export async function editOwnWord(
  trx: Transaction<Database>,
  { learnerId, language, id, edit }: OwnWordId & { edit: { word: string; translation: string } },
): Promise<boolean> {
  const key = wordKey(edit.word);
  const result = await trx
    .updateTable('words')
    .set((eb) => ({
      word: edit.word,
      word_key: key,
      translation: edit.translation,
      example: eb.case().when('word_key', '=', key).then(eb.ref('example')).else('').end(),
      example_translation: eb.case().when('word_key', '=', key).then(eb.ref('example_translation')).else('').end(),
    }))
    .where('id', '=', id)
    .where('owner_id', '=', learnerId)
    .where('language', '=', language)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes one of the learner's own words; its cards and review log go with it (they cascade). False if none. */
export async function deleteOwnWord(
  trx: Transaction<Database>,
  { learnerId, language, id }: OwnWordId,
): Promise<boolean> {
  const result = await trx
    .deleteFrom('words')
    .where('id', '=', id)
    .where('owner_id', '=', learnerId)
    .where('language', '=', language)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A word to add, with its sentence (its form bracketed) and the sentence's English where it has one. */
export interface OwnWord {
  word: string;
  translation: string;
  example?: string;
  exampleTranslation?: string;
}

/** Words to add to a learner's own in a language. */
export interface OwnWordsOf {
  learnerId: string;
  language: string;
  words: readonly OwnWord[];
}

/** One of a learner's own words, by its id, in the language it is of. */
export interface OwnWordId {
  learnerId: string;
  language: string;
  id: number;
}

/** Rows per INSERT: 11 parameters each stays far below SQLite's and PostgreSQL's limits on parameters. */
const INSERT_BATCH = 500;

/** The own-word insert: NFC text expected, keyed by lib/word-key.ts, a repeat of the learner's key does nothing. */
function insertOwnWords(db: Transaction<Database>, { learnerId, language, words }: OwnWordsOf) {
  return db
    .insertInto('words')
    .values(
      words.map(({ word, translation, example = '', exampleTranslation = '' }) => ({
        language,
        word,
        word_key: wordKey(word),
        translation,
        pos: '',
        article: '',
        note: '',
        example,
        example_translation: exampleTranslation,
        rank: 0,
        owner_id: learnerId,
        active: 1,
      })),
    )
    .onConflict((oc) => oc.columns(['owner_id', 'language', 'word_key']).where('owner_id', 'is not', null).doNothing())
    .returning('id');
}
