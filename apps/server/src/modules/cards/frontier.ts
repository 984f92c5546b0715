import type { Direction } from '@vocab/core';
import { type Expression, type QueryCreator, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { type QueryRunner, prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';

/**
 * A learner's frontier in a language and card direction: the rank below which every active deck word has a card.
 * The batch walks the deck from it, so its cost does not grow with the words a learner has met
 * (docs/performance.md). It lives in the database beside the cards, so every instance sharing the database reads
 * the same one in the batch's own statement; nothing of it is kept in memory.
 *
 * Lower than the truth only costs a longer walk; higher would hide a word from the batch. So every change that can
 * leave a deck word without a card below it lowers it in the same transaction (undo of a card's first answer, a
 * deck load adding or re-ranking a word), and it is advanced only with the row held: on PostgreSQL a concurrent
 * lowering then either commits before the walk (which sees it) or waits and lowers the advanced rank after.
 * Account deletion removes the rows; a guest merge only adds cards, which a frontier may lag behind.
 */
export interface FrontierRef {
  learnerId: string;
  language: string;
  direction: Direction;
}

/** Stored when no deck word is left without a card; a word added later lowers it. */
const PAST_THE_DECK = 2_147_483_647;

const isFrontier = (f: FrontierRef) =>
  sql<boolean>`learner_id = ${f.learnerId} and language = ${f.language} and direction = ${f.direction}`;

/** The learner's frontier as a value of another query (0 without a row), read in that query's own statement. */
export const frontierRank = (f: FrontierRef) =>
  sql<number>`coalesce((select rank from frontiers where ${isFrontier(f)}), 0)`;

const KEY_NAMES = ['learnerId', 'language', 'direction'] as const;

/**
 * The first deck word from `from` on without the learner's card, along words_language_rank, or PAST_THE_DECK.
 * Run after the frontier is held on PostgreSQL (the walk's statement then sees every change committed before it).
 */
const firstWithoutCard = (db: QueryRunner, f: FrontierRef, from: Expression<number>) =>
  sql<number>`coalesce(${db
    .selectFrom('words as w')
    .select('w.rank')
    .where('w.language', '=', f.language)
    .where('w.rank', '>=', from)
    .where('w.owner_id', 'is', null)
    .where('w.active', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('progress as c')
            .select('c.word_id')
            .whereRef('c.word_id', '=', 'w.id')
            .where('c.learner_id', '=', f.learnerId)
            .where('c.direction', '=', f.direction),
        ),
      ),
    )
    .orderBy('w.rank')
    // A written 1, not a bound one: PostgreSQL's generic plan of a bound LIMIT expects a tenth of the words back, and
    // chose to read all of the learner's cards in the direction once instead of probing a card per word walked.
    .limit(sql.lit(1))}, ${sql.lit(PAST_THE_DECK)})`;

// SQLite, where write transactions run one at a time: the row created or moved to where the walk from its rank (0
// without a row) ends, in one statement.
const advanceInOneQuery = prepared(KEY_NAMES, (f: FrontierRef, db) =>
  db
    .insertInto('frontiers')
    .values({
      learner_id: f.learnerId,
      language: f.language,
      direction: f.direction,
      rank: firstWithoutCard(db, f, frontierRank(f)),
    })
    .onConflict((oc) =>
      oc
        .columns(['learner_id', 'language', 'direction'])
        .doUpdateSet({ rank: (eb) => eb.ref('excluded.rank') })
        .where((eb) => eb('frontiers.rank', '<>', eb.ref('excluded.rank'))),
    ),
);

/**
 * PostgreSQL, where `when` holds: the row created at 0 if missing, and held. The conflict's update locks the row
 * (waiting for a transaction holding it, then reading what that one committed) even though its condition, false,
 * leaves the row unwritten: a row version of this transaction's own would make the walk's update check the learner's
 * foreign key again. A statement of its own, or a part of an answer's save (card-store.ts)...
 */
export const holdFrontier = (db: QueryCreator<Database>, f: FrontierRef, when: Expression<boolean>) =>
  db
    .insertInto('frontiers')
    .columns(['learner_id', 'language', 'direction', 'rank'])
    .expression(
      db
        .selectNoFrom([
          sql<string>`${f.learnerId}`.as('learner_id'),
          sql<string>`${f.language}`.as('language'),
          sql<string>`${f.direction}`.as('direction'),
          sql.lit(0).as('rank'),
        ])
        .where(when),
    )
    .onConflict((oc) =>
      oc
        .columns(['learner_id', 'language', 'direction'])
        .doUpdateSet({ rank: (eb) => eb.ref('frontiers.rank') })
        .where(sql<boolean>`false`),
    );

const holdQuery = prepared(KEY_NAMES, (f: FrontierRef, db) => holdFrontier(db, f, sql<boolean>`true`));

// ...then moved by a statement whose snapshot is taken once it is held: one that waited for the lock instead would
// walk with a snapshot from before the holder's commit, and could pass a word whose card that holder took back.
const walkAndSetQuery = prepared(KEY_NAMES, (f: FrontierRef, db) =>
  db
    .updateTable('frontiers')
    .set((eb) => ({ rank: firstWithoutCard(db, f, eb.ref('frontiers.rank')) }))
    .where(isFrontier(f)),
);

const walkAndSetEndingQuery = walkAndSetQuery.endingTransaction();

const lowerQuery = prepared(['learnerId', 'language', 'direction', 'rank'], (f: FrontierRef & { rank: number }, db) =>
  db.updateTable('frontiers').set({ rank: f.rank }).where(isFrontier(f)).where('rank', '>', f.rank),
);

const lowerLanguageQuery = prepared(['language', 'rank'], (p: { language: string; rank: number }, db) =>
  db.updateTable('frontiers').set({ rank: p.rank }).where('language', '=', p.language).where('rank', '>', p.rank),
);

/**
 * Moves the frontier past the deck words that have cards now. Run inside the write transaction that created cards
 * (one answer, or many at once): when the frontier's word is still without a card it costs two index lookups; a
 * walk past many words happens once per word.
 */
export async function advanceFrontier(trx: QueryRunner, dialect: Dialect, f: FrontierRef): Promise<void> {
  if (dialect === 'sqlite') {
    await advanceInOneQuery.executeWrite(trx, f);
    return;
  }
  await holdQuery.executeWrite(trx, f);
  await walkFrontier(trx, f);
}

/**
 * PostgreSQL: moves a frontier this transaction holds (`holdFrontier`) past the deck words that have cards now;
 * `endsTransaction` when it is the transaction's last statement (its COMMIT goes with it: db/prepared.ts).
 */
export async function walkFrontier(trx: QueryRunner, f: FrontierRef, { endsTransaction = false } = {}): Promise<void> {
  await (endsTransaction ? walkAndSetEndingQuery : walkAndSetQuery).executeWrite(trx, f);
}

/** A deck word of this rank lost the learner's card (undo of its first answer): the frontier may not pass it. */
export async function lowerFrontier(trx: QueryRunner, f: FrontierRef, rank: number): Promise<void> {
  await lowerQuery.executeWrite(trx, { ...f, rank });
}

/** A deck load added (or moved down to) a word of this rank: no learner's frontier in the language may pass it. */
export async function lowerFrontiers(trx: QueryRunner, language: string, rank: number): Promise<void> {
  await lowerLanguageQuery.executeWrite(trx, { language, rank });
}
