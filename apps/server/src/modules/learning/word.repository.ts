import type { Direction } from '@vocab/core';
import { type Kysely, sql } from 'kysely';
import { type QueryRunner, prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import { wordKey } from '../../lib/word-key.js';
import { dueBy } from '../cards/card.js';
import { WORD_COLUMNS, type WordRow } from './word-row.js';

/** The largest id a `serial` column holds. */
const MAX_WORD_ID = 2_147_483_647;

/**
 * Words a learner sees in a language (the active deck plus their own words), with their card in `direction`.
 * A visitor (`learnerId` null) sees the deck alone, with no cards.
 */
export function visibleWords(db: Kysely<Database>, learnerId: string | null, language: string, direction: Direction) {
  return db
    .selectFrom('words as w')
    .leftJoin('progress as p', (join) => join.onRef('p.word_id', '=', 'w.id').on('p.learner_id', '=', learnerId ?? '').on('p.direction', '=', direction))
    .where('w.language', '=', language)
    .where('w.active', '=', 1)
    .where((eb) => (learnerId === null ? eb('w.owner_id', 'is', null) : eb.or([eb('w.owner_id', 'is', null), eb('w.owner_id', '=', learnerId)])))
    .select([...WORD_COLUMNS, 'p.answered_correctly', 'p.due']);
}

/** A visitor's queries have no own words, so each comes in two shapes (prepared queries have one). */
type Card = { learnerId: string; language: string; direction: Direction };
const visible = (db: Kysely<Database>, p: Card, visitor: boolean) => visibleWords(db, visitor ? null : p.learnerId, p.language, p.direction);

const findWordQuery = (visitor: boolean) => prepared(['learnerId', 'language', 'direction', 'wordId'], (p: Card & { wordId: number }, db) => visible(db, p, visitor).where('w.id', '=', p.wordId));
const findWordQueries = { learner: findWordQuery(false), visitor: findWordQuery(true) };

/**
 * One word as the learner sees it, with their card in `direction`; run on the database or inside a transaction
 * (card-store.ts reads the word an answer changed).
 */
export function findVisibleWord(runner: QueryRunner, learnerId: string | null, language: string, wordId: number, direction: Direction): Promise<WordRow | undefined> {
  // Ids are 32-bit on PostgreSQL: a larger one names no word, and comparing it would fail as out of range.
  if (!Number.isSafeInteger(wordId) || wordId < 1 || wordId > MAX_WORD_ID) return Promise.resolve(undefined);
  const query = learnerId ? findWordQueries.learner : findWordQueries.visitor;
  return query.executeTakeFirst(runner, { learnerId: learnerId ?? '', language, direction, wordId });
}

const statsQuery = (visitor: boolean) =>
  prepared(['learnerId', 'language', 'direction', 'now'], (p: Card & { now: number }, db) =>
    visible(db, p, visitor)
      .clearSelect()
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(sql`case when p.answered_correctly = 1 then 1 else 0 end`).as('learned'),
        eb.fn.sum<number>(sql`case when ${dueBy(p.now)} then 1 else 0 end`).as('due'),
      ]),
  );
const statsQueries = { learner: statsQuery(false), visitor: statsQuery(true) };

/** Which words a learner sees: one word, a language's figures, the lexicon the answer checker needs. */
export class WordRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findWord(learnerId: string | null, language: string, wordId: number, direction: Direction): Promise<WordRow | undefined> {
    return findVisibleWord(this.db, learnerId, language, wordId, direction);
  }

  async stats(learnerId: string | null, language: string, now: number, direction: Direction): Promise<{ total: number; learned: number; due: number }> {
    const query = learnerId ? statsQueries.learner : statsQueries.visitor;
    const row = (await query.executeTakeFirst(this.db, { learnerId: learnerId ?? '', language, direction, now })) ?? { total: 0, learned: 0, due: 0 };
    return { total: Number(row.total), learned: Number(row.learned ?? 0), due: Number(row.due ?? 0) };
  }

  lexicon(learnerId: string | null, language: string): Promise<Array<{ word: string; article: string; translation: string; hint: string }>> {
    // The words alone: which card joins does not matter.
    return visibleWords(this.db, learnerId, language, 'recognise').clearSelect().select(['w.word', 'w.article', 'w.translation', 'w.hint']).execute();
  }

  /** Whether the deck, or the learner's own words when one is named, has the word (in any letter case, by its key). */
  async hasWord(language: string, word: string, learnerId: string | null = null): Promise<boolean> {
    const found = await this.db
      .selectFrom('words')
      .select('id')
      .where('language', '=', language)
      .where('active', '=', 1)
      .where((eb) => (learnerId ? eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', learnerId)]) : eb('owner_id', 'is', null)))
      .where('word_key', '=', wordKey(word))
      .executeTakeFirst();
    return found !== undefined;
  }
}
