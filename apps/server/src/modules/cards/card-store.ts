import type { CardState } from '@vocab/core';
import { type Transaction, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { type QueryRunner, prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import { type CardRef, type NewCard, type SavedCard, cardState, isCard, savedCard } from './card.js';
import { type FrontierRef, advanceFrontier, holdFrontier, lowerFrontier, walkFrontier } from './frontier.js';
import { type VisibleCards, findVisibleWord } from './visible-word.js';
import type { CardUpdate } from './refit.js';
import { type LearnerMemory, learnerMemory, memoryOf } from './learner-memory.js';
import type { WordRow } from './word-row.js';
import { forgetLearner } from './forget-learner.js';
import { mergeGuest } from './guest-merge.js';
import { type KnownCardsOwner, addKnownCards } from './known-cards.js';
import { type OwnWord, type OwnWordId, addOwnWords, deleteOwnWord, editOwnWord } from './own-words.js';
import { chooseStart } from './learning-start.js';
import { refitCards } from './refit.js';

/** Where a card's word stands: a deck word (no owner) at its rank, or a learner's own word. */
export type WordPlace = Pick<WordRow, 'rank' | 'owner_id'>;

export interface ReviewInsert extends CardRef {
  answerId: string | null;
  sessionId: string | null;
  rating: number;
  verdict: string;
  typed: string;
  scheduled: boolean;
  /** The card before this answer, or null when the answer created it. */
  previous: SavedCard | null;
  state: number;
  elapsedDays: number;
  scheduledDays: number;
  reviewedAt: number;
  /** When the server received it: later than reviewedAt for an answer given offline. */
  receivedAt: number;
}

/** A card to hold for an answer: the state it starts in if the learner has none, and the word it is of. */
export interface CardOpening {
  fresh: NewCard;
  now: number;
  word: WordPlace;
}

/** A card's state after an answer: whether it counts as learned, and when it was last failed (null: not now). */
export interface CardSave {
  card: CardState;
  learned: boolean;
  failedAt: number | null;
  now: number;
}

/** An answer about to be recorded, on its card (CardStore.openAnswer). */
export type OpenedAnswer =
  { used: true; card: SavedCard | undefined } | { used: false; inSession: boolean; card: SavedCard; created: boolean };

/** A logged answer, as undo needs it. */
export interface LoggedAnswer {
  id: number;
  ref: CardRef;
  sessionId: string | null;
  typed: string;
  /** The card before the answer: "new" when the answer created it, null when it did not reschedule (practice). */
  previous: SavedCard | 'new' | null;
}

/** The parameter names of a card's reference and of its FSRS state (prepared queries name their parameters). */
const CARD_REF_NAMES = ['learnerId', 'wordId', 'direction'] as const;
const CARD_STATE_NAMES = [
  'due',
  'stability',
  'difficulty',
  'elapsed_days',
  'scheduled_days',
  'learning_steps',
  'reps',
  'lapses',
  'state',
  'last_review',
  'last_rating',
] as const;

type NewCardParams = CardRef & CardState & { language: string; now: number };
const NEW_CARD_NAMES = [...CARD_REF_NAMES, ...CARD_STATE_NAMES, 'language', 'now'] as const;

/** A card's first row: its first FSRS state, not learned. */
const newCardRow = (p: NewCardParams) => ({
  learner_id: p.learnerId,
  word_id: p.wordId,
  language: p.language,
  direction: p.direction,
  answered_correctly: 0,
  ...cardState(p),
  last_failed_at: null,
  updated_at: p.now,
});

// SQLite: a card inserted with the state its first answer gave it, where an insert and an update would be two
// statements.
const firstSavedCardQuery = prepared(
  [...NEW_CARD_NAMES, 'learned', 'failedAt'],
  (p: NewCardParams & { learned: number; failedAt: number | null }, db) =>
    db.insertInto('progress').values({ ...newCardRow(p), answered_correctly: p.learned, last_failed_at: p.failedAt }),
);

const ensureCardQuery = prepared(NEW_CARD_NAMES, (p: NewCardParams, db) =>
  db
    .insertInto('progress')
    .values(newCardRow(p))
    .onConflict((oc) => oc.columns(['learner_id', 'word_id', 'direction']).doNothing()),
);

/** The learner's memory model in the card's language, as two columns of a statement about the card. */
const memoryColumns = (db: QueryRunner, p: { learnerId: string; language: string }) => {
  const model = db.selectFrom('memory_models').where('learner_id', '=', p.learnerId).where('language', '=', p.language);
  return [
    model.select('parameters').as('parameters'),
    model.select('retention_offset').as('retention_offset'),
  ] as const;
};

// PostgreSQL: the card created if missing, and held either way (the conflict's no-op update locks its row), with
// whether this statement created it and the learner's memory model: one round trip where three were.
const holdCard = (p: NewCardParams, db: QueryRunner) =>
  db
    .insertInto('progress')
    .values(newCardRow(p))
    .onConflict((oc) =>
      oc
        .columns(['learner_id', 'word_id', 'direction'])
        .doUpdateSet({ learner_id: (eb) => eb.ref('excluded.learner_id') }),
    )
    .returningAll()
    .returning([sql<boolean>`xmax = 0`.as('created'), ...memoryColumns(db, p)]);

const holdCardQuery = prepared(NEW_CARD_NAMES, holdCard);

// SQLite: the card just ensured, with the learner's memory model, in one statement.
const readHeldCardQuery = prepared([...CARD_REF_NAMES, 'language'], (p: CardRef & { language: string }, db) =>
  db.selectFrom('progress').selectAll().select(memoryColumns(db, p)).where(isCard(p)),
);

/** The card's answers logged in a quiz session. */
const answersInSession = (db: QueryRunner, p: CardRef & { sessionId: string }) =>
  db.selectFrom('reviews').select('id').where(isCard(p)).where('session_id', '=', p.sessionId);

/**
 * What the log holds of an answer, as columns: its id logged, or taken back; its card answered in its quiz session.
 * '' stands for an answer without an id or a session: none is logged so.
 */
const answerSeenColumns = (db: QueryRunner, p: CardRef & { answerId: string; sessionId: string }) => {
  const logged = db
    .selectFrom('reviews')
    .select('id')
    .where('learner_id', '=', p.learnerId)
    .where('answer_id', '=', p.answerId);
  const takenBack = db
    .selectFrom('taken_back_answers')
    .select('answer_id')
    .where('learner_id', '=', p.learnerId)
    .where('answer_id', '=', p.answerId);
  return [
    sql<boolean>`exists ${logged}`.as('logged'),
    sql<boolean>`exists ${takenBack}`.as('taken_back'),
    sql<boolean>`exists ${answersInSession(db, p)}`.as('in_session'),
  ];
};

// PostgreSQL, for an answer: the card held as above, with what the log holds of the answer in the same round trip.
const holdCardForAnswerQuery = prepared(
  [...NEW_CARD_NAMES, 'answerId', 'sessionId'],
  (p: NewCardParams & { answerId: string; sessionId: string }, db) =>
    holdCard(p, db).returning(answerSeenColumns(db, p)),
);

const deleteCardQuery = prepared(CARD_REF_NAMES, (p: CardRef, db) => db.deleteFrom('progress').where(isCard(p)));

// SQLite: what the log holds of the answer, the card if the learner has it, and the learner's memory model, in one
// statement (write transactions run one at a time there, so the card read is held until the commit).
const answerAndCardQuery = prepared(
  ['learnerId', 'wordId', 'direction', 'answerId', 'sessionId', 'language'],
  (p: CardRef & { answerId: string; sessionId: string; language: string }, db) =>
    db
      .selectFrom(sql<{ one: number }>`(select 1 as one)`.as('one'))
      .leftJoin('progress as p', (join) =>
        join.on('p.learner_id', '=', p.learnerId).on('p.word_id', '=', p.wordId).on('p.direction', '=', p.direction),
      )
      .selectAll('p')
      .select([...answerSeenColumns(db, p), ...memoryColumns(db, p)]),
);

const answeredInSessionQuery = prepared(
  ['learnerId', 'wordId', 'direction', 'sessionId'],
  (p: CardRef & { sessionId: string }, db) => answersInSession(db, p),
);

type SavedCardParams = CardRef & CardState & { learned: number; failedAt: number | null; now: number };
const SAVED_CARD_NAMES = [...CARD_REF_NAMES, ...CARD_STATE_NAMES, 'learned', 'failedAt', 'now'] as const;

/** A card's row after an answer rescheduled it; a null `failedAt` keeps the card's last failure. */
const savedCardSet = (p: SavedCardParams) => ({
  ...cardState(p),
  answered_correctly: p.learned,
  last_failed_at: sql<number | null>`coalesce(${p.failedAt}, last_failed_at)`,
  updated_at: p.now,
});

const saveCardQuery = prepared(SAVED_CARD_NAMES, (p: SavedCardParams, db) =>
  db.updateTable('progress').set(savedCardSet(p)).where(isCard(p)),
);

/** An answer's columns in the log, named apart from the card's own (state and days are the log's). */
interface LoggedColumns {
  answerId: string | null;
  sessionId: string | null;
  rating: number;
  verdict: string;
  typed: string;
  previous: string | null;
  logState: number;
  logElapsedDays: number;
  logScheduledDays: number;
  reviewedAt: number;
  receivedAt: number;
}

const LOGGED_NAMES = [
  'answerId',
  'sessionId',
  'rating',
  'verdict',
  'typed',
  'previous',
  'logState',
  'logElapsedDays',
  'logScheduledDays',
  'reviewedAt',
  'receivedAt',
] as const;

const loggedRow = (p: CardRef & LoggedColumns, scheduled: number) => ({
  learner_id: p.learnerId,
  word_id: p.wordId,
  direction: p.direction,
  answer_id: p.answerId,
  session_id: p.sessionId,
  rating: p.rating,
  verdict: p.verdict,
  typed: p.typed,
  scheduled,
  previous: p.previous,
  state: p.logState,
  elapsed_days: p.logElapsedDays,
  scheduled_days: p.logScheduledDays,
  reviewed_at: p.reviewedAt,
  received_at: p.receivedAt,
});

// PostgreSQL: the card saved and the answer logged in one statement (a data-modifying WITH runs whatever the main
// statement reads of it), with the learner's frontier held when the answer created a deck word's card (`holdFrontier`
// is 1): its card is held already, so the locks are taken in the order every answer takes them.
const saveAndLogQuery = prepared(
  [...SAVED_CARD_NAMES, ...LOGGED_NAMES, 'language', 'holdFrontier'],
  (p: SavedCardParams & LoggedColumns & { language: string; holdFrontier: number }, db) =>
    db
      .with('held', (w) =>
        holdFrontier(
          w,
          { learnerId: p.learnerId, language: p.language, direction: p.direction },
          sql<boolean>`${p.holdFrontier} = 1`,
        ),
      )
      .with('saved', (w) => w.updateTable('progress').set(savedCardSet(p)).where(isCard(p)).returning('word_id'))
      .insertInto('reviews')
      .values(loggedRow(p, 1)),
);

/** The same, as the last statement of the answer's unit of work: on PostgreSQL it commits, in one round trip. */
const saveAndLogEndingQuery = saveAndLogQuery.endingTransaction();

const insertReviewQuery = prepared(
  [...CARD_REF_NAMES, ...LOGGED_NAMES, 'scheduled'],
  (p: CardRef & LoggedColumns & { scheduled: number }, db) =>
    db.insertInto('reviews').values(loggedRow(p, p.scheduled)),
);

/** An answer as the log keeps it: one that rescheduled its card keeps the card as it was before, for undo. */
const loggedColumns = (r: ReviewInsert): LoggedColumns => ({
  answerId: r.answerId,
  sessionId: r.sessionId,
  rating: r.rating,
  verdict: r.verdict,
  typed: r.typed,
  previous: r.scheduled ? JSON.stringify(r.previous ? savedCard(r.previous) : 'new') : null,
  logState: r.state,
  logElapsedDays: r.elapsedDays,
  logScheduledDays: r.scheduledDays,
  reviewedAt: r.reviewedAt,
  receivedAt: r.receivedAt,
});

const sameCard = (a: CardRef, b: CardRef) =>
  a.learnerId === b.learnerId && a.wordId === b.wordId && a.direction === b.direction;

const memoryKey = (learnerId: string, language: string) => `${learnerId}\u0000${language}`;

/**
 * A learner's cards, their review log and everything that moves with them (own words, frontiers, the chosen start),
 * inside one unit of work (cards.ts): every write to them goes through here.
 */
export class CardStore {
  /** Memory models read with a held card (PostgreSQL), by learner and language: the answer's own read is spared. */
  private readonly memories = new Map<string, LearnerMemory>();
  /**
   * PostgreSQL: the frontier an answer's new deck card moves, left for the answer's save or log to hold and walk (the
   * save holds it in its own statement, a round trip fewer).
   */
  private frontierToMove: FrontierRef | null = null;
  /**
   * SQLite: the card an answer opened that the learner did not have, inserted by the answer's save or log in its
   * state after the answer (one statement where an insert and an update would be two), its word's frontier moved then.
   */
  private unsaved: { ref: CardRef; opening: CardOpening } | null = null;

  constructor(
    private readonly trx: Transaction<Database>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * The card, created fresh if the learner has none, held for the rest of the transaction: its row is locked on
   * PostgreSQL (`FOR UPDATE`), and SQLite serialises write transactions. `created` when this call inserted it; a new
   * card of a deck word moves the learner's frontier (frontier.ts).
   */
  async lockOrCreate(ref: CardRef, { fresh, now, word }: CardOpening): Promise<{ card: SavedCard; created: boolean }> {
    const row =
      this.dialect === 'postgres'
        ? await holdCardQuery.executeTakeFirst(this.trx, { ...ref, ...fresh, now })
        : await this.ensureAndRead(ref, fresh, now);
    if (!row) throw new Error('the card vanished inside its transaction');
    const { created } = row;
    this.memories.set(memoryKey(ref.learnerId, fresh.language), memoryOf(row));
    if (created) await this.cardCreated(ref, fresh.language, word);
    return { card: savedCard(row), created };
  }

  /**
   * Opens an answer on its card: what the log holds of the answer (`answerSeenColumns`) and, unless its id is used,
   * the card held, created if the learner has none (as `lockOrCreate` does). One statement: on PostgreSQL the card held
   * (and created), on SQLite read, where a new card is inserted by the answer's save or log (`insertUnsaved`); the
   * frontier's after a deck word's first.
   */
  async openAnswer(
    ref: CardRef,
    {
      answerId,
      sessionId,
      fresh,
      now,
      word,
    }: CardOpening & { answerId: string | undefined; sessionId: string | undefined },
  ): Promise<OpenedAnswer> {
    if (this.dialect === 'postgres') {
      const row = await holdCardForAnswerQuery.executeTakeFirst(this.trx, {
        ...ref,
        ...fresh,
        now,
        answerId: answerId ?? '',
        sessionId: sessionId ?? '',
      });
      if (!row) throw new Error('the card vanished inside its transaction');
      if (row.logged || row.taken_back) {
        // A retry of an answer taken back finds no card (the undo removed a first answer's card), and leaves the word
        // as the undo left it: a card this statement created goes again.
        if (!row.created) return { used: true, card: savedCard(row) };
        await deleteCardQuery.executeWrite(this.trx, ref);
        return { used: true, card: undefined };
      }
      this.memories.set(memoryKey(ref.learnerId, fresh.language), memoryOf(row));
      if (row.created && word.owner_id === null)
        this.frontierToMove = { learnerId: ref.learnerId, language: fresh.language, direction: ref.direction };
      return { used: false, inSession: Boolean(row.in_session), card: savedCard(row), created: row.created };
    }
    const row = await answerAndCardQuery.executeTakeFirst(this.trx, {
      ...ref,
      answerId: answerId ?? '',
      sessionId: sessionId ?? '',
      language: fresh.language,
    });
    const card = row?.learner_id != null ? savedCard(row as SavedCard) : undefined;
    if (row?.logged || row?.taken_back) return { used: true, card };
    this.memories.set(memoryKey(ref.learnerId, fresh.language), memoryOf(row));
    const inSession = Boolean(row?.in_session);
    if (card) return { used: false, inSession, card, created: false };
    // No card was read and no other write runs on this connection meanwhile: the answer's save or log creates it.
    const opening = { fresh, now, word };
    this.unsaved = { ref, opening };
    return {
      used: false,
      inSession,
      card: { ...cardState(fresh), answered_correctly: 0, last_failed_at: null },
      created: true,
    };
  }

  /** SQLite: inserts the card `openAnswer` left unsaved, in `saved`'s state if given, and moves its word's frontier. */
  private async insertUnsaved(ref: CardRef, saved?: CardSave): Promise<boolean> {
    const unsaved = this.unsaved;
    if (!unsaved || !sameCard(unsaved.ref, ref)) return false;
    this.unsaved = null;
    const { fresh, now, word } = unsaved.opening;
    const inserted = saved
      ? await firstSavedCardQuery.executeWrite(this.trx, {
          ...ref,
          ...cardState(saved.card),
          language: fresh.language,
          now: saved.now,
          learned: saved.learned ? 1 : 0,
          failedAt: saved.failedAt,
        })
      : await ensureCardQuery.executeWrite(this.trx, { ...ref, ...fresh, now });
    if (inserted !== 1) throw new Error('the card appeared inside its transaction');
    await this.cardCreated(ref, fresh.language, word);
    return true;
  }

  /** A new card of a deck word moves the learner's frontier (frontier.ts). */
  private async cardCreated(ref: CardRef, language: string, word: WordPlace): Promise<void> {
    if (word.owner_id === null)
      await advanceFrontier(this.trx, this.dialect, { learnerId: ref.learnerId, language, direction: ref.direction });
  }

  /** SQLite: the card inserted if missing, then read with the learner's memory model (SQLite has no `xmax`). */
  private async ensureAndRead(ref: CardRef, fresh: NewCard, now: number) {
    const created = (await ensureCardQuery.executeWrite(this.trx, { ...ref, ...fresh, now })) === 1;
    const row = await readHeldCardQuery.executeTakeFirst(this.trx, { ...ref, language: fresh.language });
    return row && { ...row, created };
  }

  /**
   * Saves a card an answer rescheduled and logs the answer, keeping the card as it was before for undo: one
   * statement on PostgreSQL, two on SQLite (in-process, where a statement costs no round trip), the save an insert for
   * a card the answer created. `endsUnit`: nothing follows in the unit of work, so on PostgreSQL the last statement
   * commits it in its own round trip; the work must return right after.
   */
  async saveAndLog(ref: CardRef, saved: CardSave, review: ReviewInsert, { endsUnit = false } = {}): Promise<void> {
    const { card, learned, failedAt, now } = saved;
    if (this.dialect === 'postgres') {
      const frontier = this.frontierToMove;
      const query = endsUnit && !frontier ? saveAndLogEndingQuery : saveAndLogQuery;
      await query.executeWrite(this.trx, {
        ...ref,
        ...cardState(card),
        learned: learned ? 1 : 0,
        failedAt,
        now,
        ...loggedColumns(review),
        language: frontier?.language ?? '',
        holdFrontier: frontier ? 1 : 0,
      });
      if (frontier) {
        this.frontierToMove = null;
        await walkFrontier(this.trx, frontier, { endsTransaction: endsUnit });
      }
      return;
    }
    if (!(await this.insertUnsaved(ref, saved))) await this.save(ref, saved);
    await this.log(review);
  }

  private async save(ref: CardRef, { card, learned, failedAt, now }: CardSave): Promise<void> {
    await saveCardQuery.executeWrite(this.trx, { ...ref, ...cardState(card), learned: learned ? 1 : 0, failedAt, now });
  }

  /** Whether the card was answered in this quiz session already (a later answer is practice). */
  async answeredInSession(ref: CardRef, sessionId: string): Promise<boolean> {
    return (await answeredInSessionQuery.executeTakeFirst(this.trx, { ...ref, sessionId })) !== undefined;
  }

  /** Logs an answer; one that rescheduled its card keeps the card as it was before, for undo. */
  async log(r: ReviewInsert): Promise<void> {
    await this.insertUnsaved(r);
    const frontier = this.frontierToMove;
    if (frontier) {
      this.frontierToMove = null;
      await advanceFrontier(this.trx, this.dialect, frontier);
    }
    await insertReviewQuery.executeWrite(this.trx, { ...r, ...loggedColumns(r), scheduled: r.scheduled ? 1 : 0 });
  }

  /** The learner's answer with this id. */
  async findAnswer(learnerId: string, answerId: string): Promise<LoggedAnswer | undefined> {
    const review = await this.trx
      .selectFrom('reviews')
      .select(['id', 'word_id', 'direction', 'session_id', 'typed', 'previous'])
      .where('learner_id', '=', learnerId)
      .where('answer_id', '=', answerId)
      .executeTakeFirst();
    if (!review) return undefined;
    return {
      id: review.id,
      ref: { learnerId, wordId: review.word_id, direction: review.direction },
      sessionId: review.session_id,
      typed: review.typed,
      previous: review.previous === null ? null : (JSON.parse(review.previous) as SavedCard | 'new'),
    };
  }

  /**
   * Where an answer stands in its card's log, asked once the card is held: `last`, `superseded` by a later answer
   * (only the last can be undone), or `gone` (taken back meanwhile).
   */
  async answerStanding(answer: LoggedAnswer): Promise<'last' | 'superseded' | 'gone'> {
    const rows = await this.trx
      .selectFrom('reviews')
      .select('id')
      .where(isCard(answer.ref))
      .where('id', '>=', answer.id)
      .orderBy('id')
      .limit(2)
      .execute();
    if (rows[0]?.id !== answer.id) return 'gone';
    return rows.length > 1 ? 'superseded' : 'last';
  }

  /**
   * Puts a card back as it was before an answer, and removes that answer from the log. A deck word whose first
   * answer is taken back has no card again: the learner's frontier in `language` moves back to it.
   */
  async restore(
    answer: LoggedAnswer,
    { language, word, now }: { language: string; word: WordPlace; now: number },
  ): Promise<void> {
    const { ref, previous } = answer;
    if (previous === 'new') {
      await this.trx.deleteFrom('progress').where(isCard(ref)).execute();
      if (word.owner_id === null)
        await lowerFrontier(this.trx, { learnerId: ref.learnerId, language, direction: ref.direction }, word.rank);
    } else if (previous) {
      await this.trx
        .updateTable('progress')
        .set({ ...savedCard(previous), updated_at: now })
        .where(isCard(ref))
        .execute();
    }
    // By the learner too: every statement on a learner's tables names the learner (docs/scaling.md).
    await this.trx.deleteFrom('reviews').where('learner_id', '=', ref.learnerId).where('id', '=', answer.id).execute();
  }

  /** Keeps a taken-back answer's id used, so that a retry of its request records nothing. */
  async markTakenBack(learnerId: string, answerId: string, now: number): Promise<void> {
    await this.trx
      .insertInto('taken_back_answers')
      .values({ learner_id: learnerId, answer_id: answerId, taken_back_at: now })
      .onConflict((oc) => oc.columns(['learner_id', 'answer_id']).doNothing())
      .execute();
  }

  /** The learner's memory model in a language, as answers are scheduled with it (modules/memory). */
  async memory(learnerId: string, language: string): Promise<LearnerMemory> {
    return this.memories.get(memoryKey(learnerId, language)) ?? learnerMemory(this.trx, learnerId, language);
  }

  /** The word of a card as the learner sees it now, with this transaction's changes. */
  readWord(word: VisibleCards & { wordId: number }): Promise<WordRow | undefined> {
    return findVisibleWord(this.trx, word);
  }

  /** Cards for deck words the learner already knows (placement): see known-cards.ts. Returns how many were created. */
  addKnown(
    owner: KnownCardsOwner,
    cards: ReadonlyArray<{ wordId: number; card: CardState }>,
    now: number,
  ): Promise<number> {
    return addKnownCards(this.trx, this.dialect, { owner, cards, now });
  }

  /** Adds own words (one, or an import's all at once): see own-words.ts. Returns the ids of the words added. */
  addOwnWords(learnerId: string, language: string, words: readonly OwnWord[]): Promise<number[]> {
    return addOwnWords(this.trx, { learnerId, language, words });
  }

  /**
   * Changes an own word in place, its history following it: see own-words.ts. False if the learner has no such word.
   */
  editOwnWord(word: OwnWordId & { edit: { word: string; translation: string } }): Promise<boolean> {
    return editOwnWord(this.trx, word);
  }

  /** Deletes an own word with its cards and log: see own-words.ts. False if the learner has no such word. */
  deleteOwnWord(learnerId: string, language: string, id: number): Promise<boolean> {
    return deleteOwnWord(this.trx, { learnerId, language, id });
  }

  /** Where the learner takes new words from in a language (1: the deck's start): see learning-start.ts. */
  chooseStart(learnerId: string, language: string, first: number): Promise<void> {
    return chooseStart(this.trx, { learnerId, language, first });
  }

  /** Moves a guest's cards, log, own words and languages into an account, and deletes the guest: see guest-merge.ts. */
  mergeGuest(guestId: string, accountId: string): Promise<void> {
    return mergeGuest(this.trx, guestId, accountId);
  }

  /** Deletes every card, answer and own word of a learner (account deletion): see forget-learner.ts. */
  forgetLearner(learnerId: string): Promise<void> {
    return forgetLearner(this.trx, learnerId);
  }

  /** A fitted memory model's new card states (cards the learner answered since the fit stay): see refit.ts. */
  refit(learnerId: string, cards: readonly CardUpdate[], now: number): Promise<number> {
    return refitCards(this.trx, { learnerId, cards, now });
  }
}
