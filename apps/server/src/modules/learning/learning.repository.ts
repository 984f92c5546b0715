import type { CardState, Direction } from '@vocab/core';
import { type Insertable, type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { Database, ReviewsTable, WordsTable } from '../../db/schema.js';
import { wordKey } from '../../lib/word-key.js';

/** A word row with the learner's progress on it (null columns when never studied). */
export type WordRow = Omit<Selectable<WordsTable>, 'language' | 'active' | 'word_key'> & {
  answered_correctly: number | null;
  due: number | null;
};

/** One learner's card: a word in one direction. */
export interface CardRef {
  learnerId: string;
  wordId: number;
  direction: Direction;
}

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
}

/** A card to create: its first FSRS state, and its word's language (kept in progress for the due index). */
export type NewCard = CardState & { language: string };

/** The largest id a `serial` column holds. */
const MAX_WORD_ID = 2_147_483_647;

/** A progress row's learning fields, as kept in a review for undo. */
export type SavedCard = CardState & { answered_correctly: number; last_failed_at: number | null };

/** The FSRS fields of a row (or of a prepared query's stand-ins), without anything else it carries. */
const cardState = (row: CardState): CardState => ({
  due: row.due,
  stability: row.stability,
  difficulty: row.difficulty,
  elapsed_days: row.elapsed_days,
  scheduled_days: row.scheduled_days,
  learning_steps: row.learning_steps,
  reps: row.reps,
  lapses: row.lapses,
  state: row.state,
  last_review: row.last_review,
  last_rating: row.last_rating,
});

const savedCard = (row: SavedCard): SavedCard => ({ ...cardState(row), answered_correctly: row.answered_correctly, last_failed_at: row.last_failed_at });

/** The rows of one card, in progress or in reviews (the queries using it have no join, so names are plain). */
const isCard = (ref: CardRef) => sql<boolean>`learner_id = ${ref.learnerId} and word_id = ${ref.wordId} and direction = ${ref.direction}`;

const WORD_COLUMNS = ['w.id', 'w.word', 'w.translation', 'w.pos', 'w.article', 'w.note', 'w.hint', 'w.rank', 'w.owner_id'] as const;

/** Words, progress, reviews and user languages. Kysely only; the one dialect difference (row locks) stays here. */
export class LearningRepository {
  private readonly db: Kysely<Database>;
  constructor(private readonly database: Db) {
    this.db = database.kysely;
  }

  /**
   * Words a learner sees in a language (the active deck plus their own words), with their card in `direction`.
   * A visitor (`learnerId` null) sees the deck alone, with no cards.
   */
  private visibleWords(learnerId: string | null, language: string, direction: Direction) {
    return this.db
      .selectFrom('words as w')
      .leftJoin('progress as p', (join) =>
        join.onRef('p.word_id', '=', 'w.id').on('p.learner_id', '=', learnerId ?? '').on('p.direction', '=', direction),
      )
      .where('w.language', '=', language)
      .where('w.active', '=', 1)
      .where((eb) => (learnerId === null ? eb('w.owner_id', 'is', null) : eb.or([eb('w.owner_id', 'is', null), eb('w.owner_id', '=', learnerId)])))
      .select([...WORD_COLUMNS, 'p.answered_correctly', 'p.due']);
  }

  /**
   * The queries every quiz request runs, built once (db/prepared.ts). Those a visitor runs too come in two shapes,
   * `learner` and `visitor`, because a visitor's has no own words.
   */
  private readonly hot = (() => {
    type Card = { learnerId: string; language: string; direction: Direction };
    const words = (p: Card, visitor: boolean) => this.visibleWords(visitor ? null : p.learnerId, p.language, p.direction);
    const unlearned = (p: Card, visitor: boolean) =>
      words(p, visitor).where((eb) => eb.or([eb('p.answered_correctly', 'is', null), eb('p.answered_correctly', '=', 0)]));
    const neverFailed = sql<boolean>`coalesce(p.last_failed_at, 0) <= 0`;
    const deckNeverFailed = (visitor: boolean) =>
      prepared((p: Card & { limit: number }) =>
        unlearned(p, visitor).where('w.owner_id', 'is', null).where(neverFailed).orderBy('w.rank').orderBy('w.id').limit(p.limit),
      );
    const findWord = (visitor: boolean) => prepared((p: Card & { wordId: number }) => words(p, visitor).where('w.id', '=', p.wordId));
    const stats = (visitor: boolean) =>
      prepared((p: Card & { now: number }) =>
        words(p, visitor)
          .clearSelect()
          .select((eb) => [
            eb.fn.countAll<number>().as('total'),
            eb.fn.sum<number>(sql`case when p.answered_correctly = 1 then 1 else 0 end`).as('learned'),
            eb.fn.sum<number>(sql`case when p.reps > 0 and p.due <= ${p.now} then 1 else 0 end`).as('due'),
          ]),
      );
    return {
      ownNeverFailed: prepared((p: Card) => unlearned(p, false).where('w.owner_id', '=', p.learnerId).where(neverFailed)),
      deckNeverFailed: { learner: deckNeverFailed(false), visitor: deckNeverFailed(true) },
      failed: prepared((p: Card & { limit: number }) =>
        unlearned(p, false)
          .where(sql<boolean>`coalesce(p.last_failed_at, 0) > 0`)
          .orderBy('p.last_failed_at')
          .orderBy(sql`case when w.owner_id is null then 1 else 0 end`)
          .orderBy('w.rank')
          .orderBy('w.id')
          .limit(p.limit),
      ),
      // Driven from the learner's cards of the language in due order (progress_due), stopping at `limit`.
      due: prepared((p: Card & { now: number; limit: number }) =>
        this.db
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
      ),
      findWord: { learner: findWord(false), visitor: findWord(true) },
      stats: { learner: stats(false), visitor: stats(true) },
      ensureCard: prepared((p: CardRef & CardState & { language: string; now: number }) =>
        this.db
          .insertInto('progress')
          .values({ learner_id: p.learnerId, word_id: p.wordId, language: p.language, direction: p.direction, answered_correctly: 0, ...cardState(p), last_failed_at: null, updated_at: p.now })
          .onConflict((oc) => oc.columns(['learner_id', 'word_id', 'direction']).doNothing()),
      ),
      // A null `failedAt` keeps the card's last failure.
      saveCard: prepared((p: CardRef & CardState & { learned: number; failedAt: number | null; now: number }) =>
        this.db
          .updateTable('progress')
          .set({ ...cardState(p), answered_correctly: p.learned, last_failed_at: sql<number | null>`coalesce(${p.failedAt}, last_failed_at)`, updated_at: p.now })
          .where(isCard(p)),
      ),
      insertReview: prepared((p: Insertable<ReviewsTable>) =>
        this.db.insertInto('reviews').values({
          learner_id: p.learner_id,
          word_id: p.word_id,
          direction: p.direction,
          answer_id: p.answer_id,
          session_id: p.session_id,
          rating: p.rating,
          verdict: p.verdict,
          typed: p.typed,
          scheduled: p.scheduled,
          previous: p.previous,
          state: p.state,
          elapsed_days: p.elapsed_days,
          scheduled_days: p.scheduled_days,
          reviewed_at: p.reviewed_at,
        }),
      ),
      readCard: prepared((p: CardRef) => this.db.selectFrom('progress').selectAll().where(isCard(p))),
      lockCard: prepared((p: CardRef) => this.db.selectFrom('progress').selectAll().where(isCard(p)).forUpdate()),
      hasAnswer: prepared((p: { learnerId: string; answerId: string }) =>
        this.db.selectFrom('reviews').select('id').where('learner_id', '=', p.learnerId).where('answer_id', '=', p.answerId),
      ),
      answeredInSession: prepared((p: CardRef & { sessionId: string }) =>
        this.db.selectFrom('reviews').select('id').where(isCard(p)).where('session_id', '=', p.sessionId),
      ),
    };
  })();

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
      const own = await this.hot.ownNeverFailed.execute(this.db, { learnerId, language, direction });
      rows.push(...own.sort((a, b) => a.rank - b.rank || a.id - b.id).slice(0, limit));
    }
    if (rows.length < limit) {
      const deck = learnerId ? this.hot.deckNeverFailed.learner : this.hot.deckNeverFailed.visitor;
      rows.push(...(await deck.execute(this.db, { learnerId: learnerId ?? '', language, direction, limit: limit - rows.length })));
    }
    if (rows.length < limit && learnerId) {
      rows.push(...(await this.hot.failed.execute(this.db, { learnerId, language, direction, limit: limit - rows.length })));
    }
    return rows;
  }

  due(learnerId: string, language: string, now: number, limit: number, direction: Direction): Promise<WordRow[]> {
    return this.hot.due.execute(this.db, { learnerId, language, direction, now, limit });
  }

  lexicon(learnerId: string | null, language: string): Promise<Array<{ word: string; article: string; translation: string; hint: string }>> {
    // The words alone: which card joins does not matter.
    return this.visibleWords(learnerId, language, 'recognise').clearSelect().select(['w.word', 'w.article', 'w.translation', 'w.hint']).execute();
  }

  async stats(learnerId: string | null, language: string, now: number, direction: Direction): Promise<{ total: number; learned: number; due: number }> {
    const query = learnerId ? this.hot.stats.learner : this.hot.stats.visitor;
    const row = (await query.executeTakeFirst(this.db, { learnerId: learnerId ?? '', language, direction, now })) ?? { total: 0, learned: 0, due: 0 };
    return { total: Number(row.total), learned: Number(row.learned ?? 0), due: Number(row.due ?? 0) };
  }

  async findWord(learnerId: string | null, language: string, wordId: number, direction: Direction): Promise<WordRow | undefined> {
    // Ids are 32-bit on PostgreSQL: a larger one names no word, and comparing it would fail as out of range.
    if (!Number.isSafeInteger(wordId) || wordId < 1 || wordId > MAX_WORD_ID) return undefined;
    const query = learnerId ? this.hot.findWord.learner : this.hot.findWord.visitor;
    return query.executeTakeFirst(this.db, { learnerId: learnerId ?? '', language, direction, wordId });
  }

  /** Runs `fn` in a transaction holding the learner's progress row for the card (created if missing). */
  async withCardLock<T>(
    ref: CardRef,
    fresh: NewCard,
    now: number,
    fn: (trx: Transaction<Database>, card: SavedCard, created: boolean) => Promise<T>,
  ): Promise<T> {
    return this.database.writeTransaction(async (trx) => {
      const created = await this.ensureCard(trx, ref, fresh, now);
      return fn(trx, await this.cardIn(trx, ref, { lock: true }), created);
    });
  }

  async saveCard(trx: Transaction<Database>, ref: CardRef, card: CardState, learned: boolean, failedAt: number | null, now: number): Promise<void> {
    await this.hot.saveCard.executeWrite(trx, { ...ref, ...cardState(card), learned: learned ? 1 : 0, failedAt, now });
  }

  async hasAnswer(trx: Transaction<Database>, learnerId: string, answerId: string): Promise<boolean> {
    return (await this.hot.hasAnswer.executeTakeFirst(trx, { learnerId, answerId })) !== undefined;
  }

  async answeredInSession(trx: Transaction<Database>, ref: CardRef, sessionId: string): Promise<boolean> {
    return (await this.hot.answeredInSession.executeTakeFirst(trx, { ...ref, sessionId })) !== undefined;
  }

  async insertReview(trx: Transaction<Database>, r: ReviewInsert): Promise<void> {
    await this.hot.insertReview.executeWrite(trx, {
      learner_id: r.learnerId,
      word_id: r.wordId,
      direction: r.direction,
      answer_id: r.answerId,
      session_id: r.sessionId,
      rating: r.rating,
      verdict: r.verdict,
      typed: r.typed,
      scheduled: r.scheduled ? 1 : 0,
      previous: r.scheduled ? JSON.stringify(r.previous ? savedCard(r.previous) : 'new') : null,
      state: r.state,
      elapsed_days: r.elapsedDays,
      scheduled_days: r.scheduledDays,
      reviewed_at: r.reviewedAt,
    });
  }

  /** A read in its own transaction (callers that then lock and re-check). */
  transactionRead<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** The card inside a transaction that holds its lock, created fresh if an undo removed it. */
  async readCard(trx: Transaction<Database>, ref: CardRef, fresh: NewCard, now: number): Promise<SavedCard> {
    await this.ensureCard(trx, ref, fresh, now);
    return this.cardIn(trx, ref, { lock: false });
  }

  /** A card that exists in `trx`; `lock` takes its row lock on PostgreSQL (SQLite serialises write transactions). */
  private async cardIn(trx: Transaction<Database>, ref: CardRef, { lock }: { lock: boolean }): Promise<SavedCard> {
    const query = lock && this.database.dialect === 'postgres' ? this.hot.lockCard : this.hot.readCard;
    const row = await query.executeTakeFirst(trx, ref);
    if (!row) throw new Error('the card vanished inside its transaction');
    return savedCard(row);
  }

  /** Inserts a fresh card unless the learner has one; true when it was inserted. */
  private async ensureCard(trx: Transaction<Database>, ref: CardRef, fresh: NewCard, now: number): Promise<boolean> {
    return (await this.hot.ensureCard.executeWrite(trx, { ...ref, ...fresh, now })) === 1;
  }

  /** The learner's answer with this id, if it is the last answer to its card (only the last can be undone). */
  async lastAnswer(trx: Transaction<Database>, learnerId: string, answerId: string) {
    const review = await trx
      .selectFrom('reviews')
      .select(['id', 'word_id', 'direction', 'session_id', 'typed', 'scheduled', 'previous'])
      .where('learner_id', '=', learnerId)
      .where('answer_id', '=', answerId)
      .executeTakeFirst();
    if (!review) return undefined;
    const ref: CardRef = { learnerId, wordId: review.word_id, direction: review.direction };
    const newer = await trx.selectFrom('reviews').select('id').where(isCard(ref)).where('id', '>', review.id).executeTakeFirst();
    return { ...review, ref, isLast: newer === undefined };
  }

  /** Puts a card back as it was before an answer, and removes that answer from the log. */
  async restore(trx: Transaction<Database>, ref: CardRef, reviewId: number, previous: SavedCard | 'new' | null, now: number): Promise<void> {
    if (previous === 'new') {
      await trx.deleteFrom('progress').where(isCard(ref)).execute();
    } else if (previous) {
      await trx.updateTable('progress').set({ ...savedCard(previous), updated_at: now }).where(isCard(ref)).execute();
    }
    await trx.deleteFrom('reviews').where('id', '=', reviewId).execute();
  }

  /** Adds a learner's own word; false when they have it already (in their list or in the deck). */
  /** Whether the deck, or the learner's own words when one is named, has the word (in any letter case, by its key). */
  async deckHasWord(language: string, word: string, learnerId: string | null = null): Promise<boolean> {
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

  /**
   * A word already in the deck is refused by a read (the deck changes only at start); between the learner's own
   * words the unique index on (owner, language, key) decides, so parallel requests with "Rennwort" and "rennwort"
   * add one word.
   */
  async addOwnWord(learnerId: string, language: string, word: string, translation: string): Promise<number | null> {
    if (await this.deckHasWord(language, word)) return null;
    const inserted = await this.db
      .insertInto('words')
      .values({ language, word, word_key: wordKey(word), translation, pos: '', article: '', note: '', rank: 0, owner_id: learnerId, active: 1 })
      .onConflict((oc) => oc.columns(['owner_id', 'language', 'word_key']).where('owner_id', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id ?? null;
  }

  async addLanguage(userId: string, language: string, now: number): Promise<boolean> {
    const result = await this.db
      .insertInto('user_languages')
      .values({ user_id: userId, language, added_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'language']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  listLanguages(userId: string): Promise<Array<{ language: string; added_at: number }>> {
    return this.db.selectFrom('user_languages').select(['language', 'added_at']).where('user_id', '=', userId).orderBy('added_at').orderBy('language').execute();
  }

  /**
   * Moves a guest's learning into an account (at login). Per card (word and direction) the more advanced one wins:
   * more repetitions, then the later review. Review history, own words and languages move too; then the guest is
   * deleted.
   */
  async mergeLearners(guestId: string, accountId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Inside each subquery the outer table is `progress`: the account's cards the guest's beat, then the guest's
      // cards the account still has.
      await sql`delete from progress where learner_id = ${accountId} and exists (
        select 1 from progress g where g.learner_id = ${guestId} and g.word_id = progress.word_id and g.direction = progress.direction
        and (g.reps > progress.reps or (g.reps = progress.reps and coalesce(g.last_review, 0) > coalesce(progress.last_review, 0))))`.execute(trx);
      await sql`delete from progress where learner_id = ${guestId} and exists (
        select 1 from progress a where a.learner_id = ${accountId} and a.word_id = progress.word_id and a.direction = progress.direction)`.execute(trx);
      await trx.updateTable('progress').set({ learner_id: accountId }).where('learner_id', '=', guestId).execute();
      // The guest's own words: a word the account already has keeps the account's copy.
      await sql`delete from words where owner_id = ${guestId} and exists (
        select 1 from words mine where mine.owner_id = ${accountId} and mine.language = words.language and mine.word = words.word)`.execute(trx);
      await trx.updateTable('words').set({ owner_id: accountId }).where('owner_id', '=', guestId).execute();
      await trx.updateTable('reviews').set({ learner_id: accountId }).where('learner_id', '=', guestId).execute();
      await sql`insert into user_languages (user_id, language, added_at)
        select ${accountId}, language, added_at from user_languages where user_id = ${guestId}
        on conflict (user_id, language) do nothing`.execute(trx);
      await trx.deleteFrom('users').where('id', '=', guestId).execute();
    });
  }
}
