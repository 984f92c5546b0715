import type { Direction } from '@vocab/core';
import type { Kysely } from 'kysely';
import { type QueryRunner, prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import { WORD_COLUMNS, type WordRow } from './word-row.js';

/** The largest id a `serial` column holds. */
const MAX_WORD_ID = 2_147_483_647;

/** Whose words (null: a visitor's), in which language, with the cards of which direction. */
export type WordsSeenBy = { learnerId: string | null; language: string; direction: Direction };

/**
 * Words a learner sees in a language (the active deck plus their own words), with their card in `direction`.
 * A visitor (`learnerId` null) sees the deck alone, with no cards.
 */
export function visibleWords(db: Kysely<Database>, { learnerId, language, direction }: WordsSeenBy) {
  return db
    .selectFrom('words as w')
    .leftJoin('progress as p', (join) =>
      join
        .onRef('p.word_id', '=', 'w.id')
        .on('p.learner_id', '=', learnerId ?? '')
        .on('p.direction', '=', direction),
    )
    .where('w.language', '=', language)
    .where('w.active', '=', 1)
    .where((eb) =>
      learnerId === null
        ? eb('w.owner_id', 'is', null)
        : eb.or([eb('w.owner_id', 'is', null), eb('w.owner_id', '=', learnerId)]),
    )
    .select([...WORD_COLUMNS, 'p.answered_correctly', 'p.due']);
}

/** A prepared query's parameters naming whose cards, in which language and direction. */
export type VisibleCards = { learnerId: string; language: string; direction: Direction };

/**
 * A visitor's queries have no own words, so each comes in two shapes (prepared queries have one). `p` may be a
 * prepared query's parameters, which are read one by one, never spread.
 */
export const visibleTo = (db: Kysely<Database>, p: VisibleCards, visitor: boolean) =>
  visibleWords(db, { learnerId: visitor ? null : p.learnerId, language: p.language, direction: p.direction });

const findWordQuery = (visitor: boolean) =>
  prepared(['learnerId', 'language', 'direction', 'wordId'], (p: VisibleCards & { wordId: number }, db) =>
    visibleTo(db, p, visitor).where('w.id', '=', p.wordId),
  );
const findWordQueries = { learner: findWordQuery(false), visitor: findWordQuery(true) };

/**
 * One word as the learner sees it, with their card in `direction`; run on the database or inside a transaction
 * (card-store.ts reads the word an answer changed).
 */
export function findVisibleWord(
  runner: QueryRunner,
  { learnerId, language, direction, wordId }: WordsSeenBy & { wordId: number },
): Promise<WordRow | undefined> {
  // Ids are 32-bit on PostgreSQL: a larger one names no word, and comparing it would fail as out of range.
  if (!Number.isSafeInteger(wordId) || wordId < 1 || wordId > MAX_WORD_ID) return Promise.resolve(undefined);
  const query = learnerId ? findWordQueries.learner : findWordQueries.visitor;
  return query.executeTakeFirst(runner, { learnerId: learnerId ?? '', language, direction, wordId });
}
