import type { Direction } from '@vocab/core';
import { type Kysely, sql } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import { wordKey } from '../../lib/word-key.js';
import { dueBy } from '../cards/card.js';
import {
  type VisibleCards,
  type WordsSeenBy,
  findVisibleWord,
  visibleTo,
  visibleWords,
} from '../cards/visible-word.js';
import type { WordRow } from '../cards/word-row.js';

const statsQuery = (visitor: boolean) =>
  prepared(['learnerId', 'language', 'direction', 'now'], (p: VisibleCards & { now: number }, db) =>
    visibleTo(db, p, visitor)
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

  findWord(word: WordsSeenBy & { wordId: number }): Promise<WordRow | undefined> {
    return findVisibleWord(this.db, word);
  }

  async stats({
    learnerId,
    language,
    direction,
    now,
  }: WordsSeenBy & { now: number }): Promise<{ total: number; learned: number; due: number }> {
    const query = learnerId ? statsQueries.learner : statsQueries.visitor;
    const row = (await query.executeTakeFirst(this.db, { learnerId: learnerId ?? '', language, direction, now })) ?? {
      total: 0,
      learned: 0,
      due: 0,
    };
    return { total: Number(row.total), learned: Number(row.learned ?? 0), due: Number(row.due ?? 0) };
  }

  /** The learner's own words in a language, by word, with their card in `direction`. */
  ownWords(learnerId: string, language: string, direction: Direction): Promise<WordRow[]> {
    return visibleWords(this.db, { learnerId, language, direction })
      .where('w.owner_id', '=', learnerId)
      .orderBy('w.word_key')
      .orderBy('w.id')
      .execute();
  }

  lexicon(
    learnerId: string | null,
    language: string,
  ): Promise<Array<{ word: string; article: string; translation: string; hint: string }>> {
    // The words alone: which card joins does not matter.
    return visibleWords(this.db, { learnerId, language, direction: 'recognise' })
      .clearSelect()
      .select(['w.word', 'w.article', 'w.translation', 'w.hint'])
      .execute();
  }

  /** Whether the deck, or the learner's own words when one is named, has the word (in any letter case, by its key). */
  async hasWord(language: string, word: string, learnerId: string | null = null): Promise<boolean> {
    const found = await this.db
      .selectFrom('words')
      .select('id')
      .where('language', '=', language)
      .where('active', '=', 1)
      .where((eb) =>
        learnerId ? eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', learnerId)]) : eb('owner_id', 'is', null),
      )
      .where('word_key', '=', wordKey(word))
      .executeTakeFirst();
    return found !== undefined;
  }
}
