import { type Kysely, sql } from 'kysely';
import { supportsLateral } from '../../db/dialect.js';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import { startRank } from '../cards/learning-start.js';
import { dueBy } from '../cards/card.js';
import { frontierRank } from '../cards/frontier.js';
import { type VisibleCards, visibleTo, visibleWords } from '../cards/visible-word.js';
import { WORD_COLUMNS, type WordRow } from '../cards/word-row.js';

/** Not learned on the card `p`: never answered, or last answered wrong. */
const notLearned = sql<boolean>`(p.answered_correctly is null or p.answered_correctly = 0)`;
const neverFailed = sql<boolean>`coalesce(p.last_failed_at, 0) <= 0`;

/** A learner's (or a visitor's) words not learned on the card. */
const unlearned = (db: Kysely<Database>, p: VisibleCards, visitor: boolean) =>
  visibleTo(db, p, visitor).where(notLearned);

/**
 * The deck's words by rank with the learner's card of each, looked up word by word. On PostgreSQL the card is a
 * LATERAL subquery with LIMIT 1, which the planner cannot turn into a join: it planned the plain left join as a hash
 * of the third of the deck it guessed lies past the frontier (a subquery's value it cannot see), joined to all of
 * the learner's cards and sorted, 0.8-1.3 ms for a learner with few cards, where walking words_language_rank and
 * stopping at the limit takes 0.2 ms (docs/performance.md). SQLite has no LATERAL and always walks the index.
 */
const deckWords = (db: Kysely<Database>, p: VisibleCards) => {
  if (!supportsLateral(db)) return visibleWords(db, p).where('w.owner_id', 'is', null);
  return db
    .selectFrom('words as w')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('progress as c')
          .select(['c.answered_correctly', 'c.due', 'c.last_failed_at'])
          .whereRef('c.word_id', '=', 'w.id')
          .where('c.learner_id', '=', p.learnerId)
          .where('c.direction', '=', p.direction)
          .limit(1)
          .as('p'),
      (join) => join.onTrue(),
    )
    .where('w.language', '=', p.language)
    .where('w.active', '=', 1)
    .where('w.owner_id', 'is', null)
    .select([...WORD_COLUMNS, 'p.answered_correctly', 'p.due']);
};

/**
 * A deck word of a batch as the statement returns it: its id, rank and the learner's card; its text is the deck's,
 * kept in memory (deck-cache.ts), so the statement leaves it out. Blank columns keep the shape of an own word's row,
 * which comes whole in the same statement (UNION ALL matches columns by place).
 */
const blank = <C extends string>(column: C) => sql<string>`''`.as(column);
const DECK_WORD_REF = [
  'w.id',
  blank('word'),
  blank('translation'),
  blank('pos'),
  blank('article'),
  blank('note'),
  blank('hint'),
  blank('example'),
  blank('example_translation'),
  'w.rank',
  'w.owner_id',
  'p.answered_correctly',
  'p.due',
] as const;

/**
 * Where a learner's walk starts: their frontier (frontier.ts), or the band they chose to start early (deck-bands.ts)
 * when that lies further on. Both are read in the walk's own statement, as one value, so the index walk starts there.
 */
const walkStart = (p: VisibleCards) => {
  const frontier = frontierRank(p);
  const start = startRank(p.learnerId, p.language);
  return sql<number>`(case when ${frontier} >= ${start} then ${frontier} else ${start} end)`;
};

// Every deck word below the frontier has a card, so the words passed are only those met out of order, not every
// word met. A visitor has no cards. Ordered by rank alone, which is unique among a deck's active words: the order
// words_language_rank gives, so PostgreSQL walks that index and stops at the limit whatever its statistics say
// (ordered by rank and id, it sorted a sequential scan of the deck once it knew the table's size).
const deckNeverFailed = (db: Kysely<Database>, p: VisibleCards & { limit: number }) =>
  deckWords(db, p)
    .where(notLearned)
    .where(neverFailed)
    .where('w.rank', '>=', walkStart(p))
    .clearSelect()
    .select(DECK_WORD_REF)
    .orderBy('w.rank')
    .limit(p.limit);

// The words a chosen start skipped: taken once the words from the start on run out (rarely: a whole deck's tail).
const skippedQuery = prepared(
  ['learnerId', 'language', 'direction', 'limit'],
  (p: VisibleCards & { limit: number }, db) =>
    deckWords(db, p)
      .where(notLearned)
      .where(neverFailed)
      .where('w.rank', '>=', frontierRank(p))
      .where('w.rank', '<', startRank(p.learnerId, p.language))
      .orderBy('w.rank')
      .limit(p.limit),
);

// A learner's own words never failed (all of them: they are few) and the deck's next ones, in one statement: one
// round trip to PostgreSQL instead of two. The own words are not sorted in SQL: an ORDER BY rank there would lead
// the planner to walk the whole deck by rank instead of the owner index.
const learnerQuery = prepared(
  ['learnerId', 'language', 'direction', 'limit'],
  (p: VisibleCards & { limit: number }, db) =>
    unlearned(db, p, false)
      .where('w.owner_id', '=', p.learnerId)
      .where(neverFailed)
      .unionAll(db.selectFrom(deckNeverFailed(db, p).as('deck')).selectAll()),
);

const byRank = (a: WordRow, b: WordRow) => a.rank - b.rank || a.id - b.id;

const failedQuery = prepared(
  ['learnerId', 'language', 'direction', 'limit'],
  (p: VisibleCards & { limit: number }, db) =>
    unlearned(db, p, false)
      .where(sql<boolean>`coalesce(p.last_failed_at, 0) > 0`)
      .orderBy('p.last_failed_at')
      .orderBy(sql`case when w.owner_id is null then 1 else 0 end`)
      .orderBy('w.rank')
      .orderBy('w.id')
      .limit(p.limit),
);

// Driven from the learner's cards of the language in due order (progress_due), stopping at `limit`.
const dueQuery = prepared(
  ['learnerId', 'language', 'direction', 'now', 'limit'],
  (p: VisibleCards & { now: number; limit: number }, db) =>
    db
      .selectFrom('progress as p')
      .innerJoin('words as w', 'w.id', 'p.word_id')
      .where('p.learner_id', '=', p.learnerId)
      .where('p.language', '=', p.language)
      .where('p.direction', '=', p.direction)
      .where(dueBy(p.now))
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
   * The next words to learn of a learner: never-failed or longest-ago-failed first, then own words, then by
   * frequency; a deck word's text comes blank (see DECK_WORD_REF). A visitor's are the deck's first words, read from
   * memory (learning.service.ts). Read as up to two statements (own words never failed together with the deck's
   * never failed, walking words_language_rank from the learner's frontier and stopping at `limit`; failed words only
   * when those run short), because one query sorting on last_failed_at had to join and sort the whole deck on every
   * batch (see
   * docs/performance.md).
   */
  async unlearned(p: VisibleCards & { limit: number }): Promise<WordRow[]> {
    const { limit } = p;
    const found = await learnerQuery.execute(this.db, p);
    const own = found.filter((w) => w.owner_id !== null).sort(byRank);
    const deck = found.filter((w) => w.owner_id === null).sort(byRank);
    const rows = [...own, ...deck].slice(0, limit);
    if (rows.length < limit) rows.push(...(await skippedQuery.execute(this.db, { ...p, limit: limit - rows.length })));
    if (rows.length < limit) {
      rows.push(...(await failedQuery.execute(this.db, { ...p, limit: limit - rows.length })));
    }
    return rows;
  }

  due(p: VisibleCards & { now: number; limit: number }): Promise<WordRow[]> {
    return dueQuery.execute(this.db, p);
  }
}
