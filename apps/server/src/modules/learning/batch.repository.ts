import type { Direction } from '@vocab/core';
import { type Kysely, sql } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import { visibleWords } from './word.repository.js';
import { WORD_COLUMNS, type WordRow } from './word-row.js';

type Card = { learnerId: string; language: string; direction: Direction };

/** A learner's (or a visitor's) words not learned on the card: never answered, or last answered wrong. */
const unlearned = (db: Kysely<Database>, p: Card, visitor: boolean) =>
  visibleWords(db, visitor ? null : p.learnerId, p.language, p.direction).where((eb) => eb.or([eb('p.answered_correctly', 'is', null), eb('p.answered_correctly', '=', 0)]));
const neverFailed = sql<boolean>`coalesce(p.last_failed_at, 0) <= 0`;

const ownNeverFailedQuery = prepared((p: Card, db) => unlearned(db, p, false).where('w.owner_id', '=', p.learnerId).where(neverFailed));

const deckNeverFailedQuery = (visitor: boolean) =>
  prepared((p: Card & { limit: number }, db) => unlearned(db, p, visitor).where('w.owner_id', 'is', null).where(neverFailed).orderBy('w.rank').orderBy('w.id').limit(p.limit));
const deckNeverFailedQueries = { learner: deckNeverFailedQuery(false), visitor: deckNeverFailedQuery(true) };

const failedQuery = prepared((p: Card & { limit: number }, db) =>
  unlearned(db, p, false)
    .where(sql<boolean>`coalesce(p.last_failed_at, 0) > 0`)
    .orderBy('p.last_failed_at')
    .orderBy(sql`case when w.owner_id is null then 1 else 0 end`)
    .orderBy('w.rank')
    .orderBy('w.id')
    .limit(p.limit),
);

// Driven from the learner's cards of the language in due order (progress_due), stopping at `limit`.
const dueQuery = prepared((p: Card & { now: number; limit: number }, db) =>
  db
    .selectFrom('progress as p')
    .innerJoin('words as w', 'w.id', 'p.word_id')
    .where('p.learner_id', '=', p.learnerId)
    .where('p.language', '=', p.language)
    .where('p.direction', '=', p.direction)
    .where('p.due', '<=', p.now)
    .where('p.reps', '>', 0)
    .where('w.active', '=', 1)
    .where((eb) => eb.or([eb('w.owner_id', 'is', null), eb('w.owner_id', '=', p.learnerId)]))
    .select([...WORD_COLUMNS, 'p.answered_correctly', 'p.due'])
    .orderBy('p.due')
    .orderBy('w.id')
    .limit(p.limit),
);

/** What to study next: the batch of words to learn, and the cards due for review. Run on every quiz request. */
export class BatchRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The next words to learn: never-failed or longest-ago-failed first, then own words, then by frequency.
   * Read as up to three queries (own words never failed; deck words never failed, walking words_language_rank in
   * order and stopping at `limit`; failed words only when those run short), because one query sorting on
   * last_failed_at had to join and sort the whole deck on every batch (see docs/performance.md).
   */
  async unlearned(learnerId: string | null, language: string, limit: number, direction: Direction): Promise<WordRow[]> {
    const rows: WordRow[] = [];
    if (learnerId) {
      // Sorted here, not in SQL: an ORDER BY rank would lead the planner to walk the whole deck by rank instead of
      // the owner index, and a learner's own words in one language are few.
      const own = await ownNeverFailedQuery.execute(this.db, { learnerId, language, direction });
      rows.push(...own.sort((a, b) => a.rank - b.rank || a.id - b.id).slice(0, limit));
    }
    if (rows.length < limit) {
      const deck = learnerId ? deckNeverFailedQueries.learner : deckNeverFailedQueries.visitor;
      rows.push(...(await deck.execute(this.db, { learnerId: learnerId ?? '', language, direction, limit: limit - rows.length })));
    }
    if (rows.length < limit && learnerId) {
      rows.push(...(await failedQuery.execute(this.db, { learnerId, language, direction, limit: limit - rows.length })));
    }
    return rows;
  }

  due(learnerId: string, language: string, now: number, limit: number, direction: Direction): Promise<WordRow[]> {
    return dueQuery.execute(this.db, { learnerId, language, direction, now, limit });
  }
}
