import type { AnswerBody, DirectionName, LanguageStats, Lexicon, UserLanguage, Word } from '@vocab/api';
import {
  BATCH_SIZE,
  CONTEXT_DIRECTION,
  type Direction,
  contextAnswerKey,
  exampleSentence,
  type LanguageCode,
  answerKey,
  checkAnswer,
  directionOf,
  effectiveRetention,
  getLanguage,
  primaryDirection,
  type Verdict,
  isLearned,
  newCardState,
  ratingForVerdict,
  reviewCard,
  splitTranslations,
} from '@vocab/core';
import type { Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/db-errors.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { JsonText } from '../../lib/json-text.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Learner, LearnerClaim } from '../../lib/learner.js';
import type { BatchRepository } from './batch.repository.js';
import type { CardRef, SavedCard } from '../cards/card.js';
import type { CardStore } from '../cards/card-store.js';
import type { Cards } from '../cards/cards.js';
import { type DeckCache, type DeckRow, tail, wordsJson } from './deck-cache.js';
import type { UserLanguageRepository } from './user-language.repository.js';
import type { WordLists } from './word-list.js';
import type { WordRepository } from './word.repository.js';
import { toWord } from '../cards/word-row.js';

/**
 * What the learning service works with: a repository per kind of data, the cards' unit of work for every write,
 * the clock and the word lists.
 */
export interface LearningDeps {
  /** The decks, kept in memory. */
  decks: DeckCache;
  words: WordRepository;
  batches: BatchRepository;
  cards: Cards;
  languages: UserLanguageRepository;
  clock: Clock;
  lists: WordLists;
}

/**
 * How old an answer's own time (`answeredAt`) may be: a week of offline practice, and no older, so that a queue
 * forgotten in a browser cannot rewrite a schedule made since (docs/decisions/0011-offline-practice.md).
 */
export const ANSWERED_AT_WINDOW_MS = 7 * 86_400_000;
/** How far ahead of the server's clock an answer's time may be: a device clock a little fast is taken as now. */
export const ANSWERED_AT_SKEW_MS = 5 * 60_000;

/** Reviews shown at most in one review session: enough for a sitting, small enough to load instantly. */
export const REVIEW_LIMIT = 100;

export interface AnswerInput extends AnswerBody {
  verdict: Verdict;
  /** "I was right": scheduled as correct, logged as the learner's ruling over the checker's. */
  overruled?: boolean;
}

/** Which card a read is about: the language's own unless the caller names the other (any name `directionOf` reads). */
export interface DirectionOption {
  direction?: DirectionName | undefined;
}

/**
 * The time an answer is scheduled and logged at: its own `answeredAt` within the window (a little ahead is now),
 * never before the card's last review, so that answers to one card stay in the order they were applied.
 */
function answerTime(answeredAt: string | number | undefined, now: number, lastReview: number | null): number {
  if (answeredAt === undefined) return now;
  const at = typeof answeredAt === 'number' ? answeredAt : Date.parse(answeredAt);
  if (at > now + ANSWERED_AT_SKEW_MS)
    throw badRequest('answered_at_in_future', "answeredAt is ahead of the server's clock by more than 5 minutes.");
  if (at < now - ANSWERED_AT_WINDOW_MS)
    throw badRequest(
      'answered_at_too_old',
      'answeredAt is more than 7 days ago: the answer is too old to schedule from.',
    );
  return Math.max(Math.min(at, now), lastReview ?? 0);
}

/** The review log's verdict of an answer the learner ruled correct ("I was right"): the typed text may not match. */
export const OVERRULED = 'overruled';

/** `words: false` leaves a record's `wordsLearned` out: our screens show only its figures. */
export interface RecordOptions {
  words?: boolean | undefined;
}

const wordExists = () => conflict('word_exists', 'word already exists in your list!');

/** One answer on a card its unit of work holds, as `apply` records it. */
interface HeldAnswer {
  learner: Learner;
  language: LanguageCode;
  ref: CardRef;
  /** The card before the answer, null when the answer created it (the log's "previous" state). */
  previous: SavedCard | null;
  /** The card the answer changes. */
  card: SavedCard;
  input: AnswerInput;
  /** A later answer to the word in the same quiz session: logged, not rescheduled. */
  practice: boolean;
  /** When the answer counts as given: it is scheduled, logged and saved at this time. */
  answeredAt: number;
  /** When the server received it. */
  receivedAt: number;
  /** Nothing follows in the unit of work: its last statement commits it (CardStore.saveAndLog). */
  endsUnit?: boolean;
}

/** The rules of learning: what to study next, what is due, and what an answer does to a word's schedule. */
export class LearningService {
  private readonly decks: DeckCache;
  private readonly words: WordRepository;
  private readonly batches: BatchRepository;
  private readonly cards: Cards;
  private readonly languages: UserLanguageRepository;
  private readonly clock: Clock;
  private readonly lists: WordLists;

  constructor(deps: LearningDeps) {
    ({
      decks: this.decks,
      words: this.words,
      batches: this.batches,
      cards: this.cards,
      languages: this.languages,
      clock: this.clock,
      lists: this.lists,
    } = deps);
  }

  /**
   * The learner's whole list of a language (`GET /api/{language}`, a record's `wordsLearned`): every deck
   * word in frequency order, then their own words, each with their progress on the card of `direction`.
   */
  async list(learner: Learner | null, language: LanguageCode, { direction }: DirectionOption = {}): Promise<Word[]> {
    return this.lists.list(learner?.id ?? null, language, directionOf(direction, language));
  }

  /** The same list as JSON, built without serialising the deck again (the deck's JSON is kept with the deck). */
  async listJson(
    learner: Learner | null,
    language: LanguageCode,
    { direction }: DirectionOption = {},
  ): Promise<JsonText<Word[]>> {
    return this.lists.listJson(learner?.id ?? null, language, directionOf(direction, language));
  }

  /**
   * The next words to learn, as JSON (see `wordsJson`). A visitor's are the deck's first words, with no statement at
   * all.
   */
  async batch(
    learner: Learner | null,
    language: LanguageCode,
    { limit = BATCH_SIZE, direction }: DirectionOption & { limit?: number | undefined } = {},
  ): Promise<JsonText<Word[]>> {
    const deck = await this.decks.deck(language);
    if (!learner)
      return new JsonText(
        `[${deck
          .lists()
          .heads.slice(0, limit)
          .map((head) => head + tail(undefined))
          .join(',')}]`,
      );
    return wordsJson(
      deck,
      await this.batches.unlearned({
        learnerId: learner.id,
        language,
        direction: directionOf(direction, language),
        limit,
      }),
    );
  }

  /** The learner's cards due for review, most overdue first, as JSON (see `wordsJson`). */
  async due(
    learner: Learner | null,
    language: LanguageCode,
    { direction }: DirectionOption = {},
  ): Promise<JsonText<Word[]>> {
    if (!learner) return new JsonText('[]');
    const [deck, rows] = await Promise.all([
      this.decks.deck(language),
      this.batches.due({
        learnerId: learner.id,
        language,
        direction: directionOf(direction, language),
        now: this.clock(),
        limit: REVIEW_LIMIT,
      }),
    ]);
    return wordsJson(deck, rows);
  }

  async lexicon(learner: Learner | null, language: LanguageCode): Promise<Lexicon> {
    const rows = await this.words.lexicon(learner?.id ?? null, language);
    return {
      entries: rows.map((r) => ({
        word: r.word,
        article: r.article,
        translations: splitTranslations(r.translation),
        hint: r.hint,
      })),
    };
  }

  /** Figures of one direction's cards; by default the language's own card, the one the product's "learned" means. */
  async stats(
    learner: Learner | null,
    language: LanguageCode,
    { direction }: DirectionOption = {},
  ): Promise<LanguageStats> {
    const s = await this.words.stats({
      learnerId: learner?.id ?? null,
      language,
      direction: directionOf(direction, language),
      now: this.clock(),
    });
    return {
      language,
      totalWords: s.total,
      learnedCount: s.learned,
      percentLearned: s.total === 0 ? 0 : Math.round((s.learned / s.total) * 100),
      dueCount: s.due,
    };
  }

  /**
   * Records an answer. The first answer to a word in a quiz session is a review and reschedules it (FSRS);
   * a later one in the same session is practice, logged but not rescheduled. A repeated `answerId` is a retry of
   * a request already recorded and changes nothing.
   */
  async answer(
    claim: LearnerClaim,
    language: LanguageCode,
    { wordId, ...input }: AnswerInput & { wordId: number },
  ): Promise<{ word: Word; scheduled: boolean }> {
    const { learner } = claim;
    const ref: CardRef = {
      learnerId: learner.id,
      wordId,
      direction: input.context ? CONTEXT_DIRECTION : directionOf(input.direction, language),
    };
    // Read before the transaction: judging may have to load the language's lexicon, and a missing word writes nothing.
    const word = await this.visibleWord({ learnerId: learner.id, language, wordId, direction: ref.direction });
    if (!word) throw notFound('That word');
    const now = this.clock();
    const judged: AnswerInput = {
      ...input,
      verdict: await this.judge(learner, { language, row: word, direction: ref.direction, input }),
    };
    const withCard = (card: SavedCard | undefined) =>
      toWord({ ...word, answered_correctly: card?.answered_correctly ?? null, due: card?.due ?? null });
    try {
      return await this.cards.run(claim, async ({ cards }) => {
        // A retry of an answer taken back finds no card (the undo removed a first answer's card), and leaves the word
        // as the undo left it: openAnswer creates no card for an answer whose id is used.
        const opened = await cards.openAnswer(ref, {
          answerId: input.answerId,
          sessionId: input.sessionId,
          fresh: { ...newCardState(now), language },
          now,
          word,
        });
        if (opened.used) return { word: withCard(opened.card), scheduled: false };
        const { card, created, inSession } = opened;
        // Checked after the retry test: a replayed answer already recorded is a success whenever it arrives.
        const at = answerTime(input.answeredAt, now, card.last_review);
        // The answer's last statement: on PostgreSQL its COMMIT goes with it.
        const after = await this.apply(cards, {
          endsUnit: true,
          learner,
          language,
          ref,
          previous: created ? null : card,
          card,
          input: judged,
          practice: inSession,
          answeredAt: at,
          receivedAt: now,
        });
        return { word: withCard(after.card), scheduled: after.scheduled };
      });
    } catch (err) {
      // Two requests with one answerId racing on PostgreSQL both find it unused; the unique index (learner_id,
      // answer_id) stops the second: its transaction rolls back, and its answer is recorded already.
      if (!input.answerId || !isUniqueViolation(err)) throw err;
      const current = await this.words.findWord({ learnerId: learner.id, language, wordId, direction: ref.direction });
      return { word: toWord(current ?? { ...word, answered_correctly: null, due: null }), scheduled: false };
    }
  }

  /**
   * A word the learner sees, without their card: a deck word from memory (deck-cache.ts), an own word from the
   * database.
   */
  private async visibleWord(word: {
    learnerId: string;
    language: LanguageCode;
    wordId: number;
    direction: Direction;
  }): Promise<DeckRow | undefined> {
    return (await this.decks.row(word.language, word.wordId)) ?? (await this.words.findWord(word));
  }

  /**
   * The verdict of a typed answer, by the same checker as the learner's quiz: the client's verdict is only what it
   * showed at once, and a stored "correct" always matches the text typed. Another word with the asked meaning is
   * no mistake (Hard, as a forgiven slip). Without a typed text (the original client's calls) the call says what
   * happened.
   */
  private async judge(
    learner: Learner,
    {
      language,
      row,
      direction,
      input,
    }: { language: LanguageCode; row: DeckRow; direction: Direction; input: AnswerInput },
  ): Promise<Verdict> {
    const sentence = input.context ? exampleSentence(row.example, row.example_translation) : null;
    if (input.context && !sentence) throw badRequest('no_example', 'That word has no sentence to ask it in.');
    if (input.typed === undefined || input.typed.trim() === '') return input.verdict;
    const lexicon = (await this.decks.deck(language)).lexicon();
    const word = {
      word: row.word,
      article: row.article,
      translations: splitTranslations(row.translation),
      hint: row.hint,
    };
    const key = sentence
      ? contextAnswerKey(sentence, getLanguage(language))
      : answerKey(word, getLanguage(language), direction);
    const result = checkAnswer(input.typed, key, {
      strictAccents: learner.strictAccents,
      otherAnswers: lexicon.otherAnswers,
      entryOf: lexicon.entryOf,
    });
    return result.alsoRight ? 'almost' : result.verdict;
  }

  /**
   * Records one answer on a held card: reschedules and logs it, or logs it as practice. Returns the card as it is
   * now and whether the answer rescheduled it.
   */
  private async apply(cards: CardStore, answer: HeldAnswer): Promise<{ card: SavedCard; scheduled: boolean }> {
    const { learner, language, ref, previous, card, input, practice, answeredAt: now, receivedAt, endsUnit } = answer;
    const review = {
      ...ref,
      answerId: input.answerId ?? null,
      sessionId: input.sessionId ?? null,
      verdict: input.overruled ? OVERRULED : input.verdict,
      typed: input.typed ?? '',
      reviewedAt: now,
      receivedAt,
    };
    if (practice) {
      await cards.log({
        ...review,
        rating: ratingForVerdict(input.verdict),
        scheduled: false,
        previous: null,
        state: card.state,
        elapsedDays: 0,
        scheduledDays: card.scheduled_days,
      });
      return { card, scheduled: false };
    }
    const memory = await cards.memory(learner.id, language);
    const desiredRetention = effectiveRetention(learner.desiredRetention, memory.retentionOffset);
    const next = reviewCard(card, input.verdict, { nowMs: now, desiredRetention, parameters: memory.parameters });
    const learned = isLearned(next.card);
    const failedAt = input.verdict === 'wrong' ? now : null;
    await cards.saveAndLog(
      ref,
      { card: next.card, learned, failedAt, now },
      {
        ...review,
        rating: next.log.rating,
        scheduled: true,
        previous,
        state: next.log.state,
        elapsedDays: next.log.elapsedDays,
        scheduledDays: next.log.scheduledDays,
      },
      { endsUnit },
    );
    return {
      card: { ...next.card, answered_correctly: learned ? 1 : 0, last_failed_at: failedAt ?? card.last_failed_at },
      scheduled: true,
    };
  }

  /**
   * Takes back the learner's last answer to a card: the card returns to what it was and the answer leaves the log.
   * With `correctInstead` ("I was right"), the answer is recorded again as correct, under the same id: the log
   * never holds both. The answer names its card (word and direction), so the caller gives only its id.
   */
  async undo(
    learner: Learner,
    language: LanguageCode,
    { answerId, correctInstead = false }: { answerId: string; correctInstead?: boolean },
  ): Promise<{ word: Word; scheduled: boolean }> {
    const now = this.clock();
    const fresh = { ...newCardState(now), language };
    return this.cards.run({ learner }, async ({ cards }) => {
      const answer = await cards.findAnswer(learner.id, answerId);
      // The word must be of this language (and visible to the learner), as the path says.
      const word = answer && (await cards.readWord({ ...answer.ref, language }));
      if (!answer || !word) throw notFound('That answer');
      await cards.lockOrCreate(answer.ref, { fresh, now, word });
      // Asked again with the card held: another answer may have come or gone since the answer was read.
      const standing = await cards.answerStanding(answer);
      if (standing === 'gone') throw notFound('That answer');
      if (standing === 'superseded')
        throw conflict('not_last_answer', 'Only the last answer to a word can be taken back.');
      await cards.restore(answer, { language, word, now });
      // "I was right" logs the answer again under its id; a plain undo leaves the id used, never free for a retry.
      if (!correctInstead) await cards.markTakenBack(learner.id, answerId, now);
      let scheduled = false;
      if (correctInstead) {
        const { card } = await cards.lockOrCreate(answer.ref, { fresh, now, word });
        const input: AnswerInput = {
          verdict: 'correct',
          overruled: true,
          typed: answer.typed,
          answerId,
          ...(answer.sessionId ? { sessionId: answer.sessionId } : {}),
        };
        const practice = answer.sessionId !== null && (await cards.answeredInSession(answer.ref, answer.sessionId));
        ({ scheduled } = await this.apply(cards, {
          learner,
          language,
          ref: answer.ref,
          previous: answer.previous === 'new' ? null : card,
          card,
          input,
          practice,
          answeredAt: now,
          receivedAt: now,
        }));
      }
      const updated = await cards.readWord({ ...answer.ref, language });
      return { word: toWord(updated ?? word), scheduled };
    });
  }

  /** Adds a word of the learner's own; one the deck or the learner has already is refused (409). */
  async addOwnWord(
    claim: LearnerClaim,
    language: LanguageCode,
    { word, translation }: { word: string; translation: string },
  ): Promise<Word> {
    const text = word.normalize('NFC');
    // The deck changes only at start: a read before the unit of work is as good as one inside it.
    if (await this.words.hasWord(language, text)) throw wordExists();
    const [id] = await this.cards.run(claim, ({ cards, learner }) =>
      cards.addOwnWords(learner.id, language, [{ word: text, translation: translation.normalize('NFC') }]),
    );
    if (id === undefined) throw wordExists();
    const row = await this.ownWordRow(claim.learner.id, language, id);
    if (!row) throw notFound('That word');
    return toWord(row);
  }

  async ownWords(learner: Learner | null, language: LanguageCode): Promise<Word[]> {
    if (!learner) return [];
    return (await this.words.ownWords(learner.id, language, primaryDirection(language))).map(toWord);
  }

  /** An own word's new text; a word the deck or the learner's other words have already is refused, as when adding. */
  async editOwnWord(
    learner: Learner,
    language: LanguageCode,
    { id, ...edit }: { id: number; word: string; translation: string },
  ): Promise<Word> {
    const text = { word: edit.word.normalize('NFC'), translation: edit.translation.normalize('NFC') };
    await this.ownWord(learner, language, id);
    if (await this.words.hasWord(language, text.word)) throw wordExists();
    const changed = await this.cards
      .run({ learner }, ({ cards }) => cards.editOwnWord({ learnerId: learner.id, language, id, edit: text }))
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? wordExists() : err;
      });
    const row = changed ? await this.ownWordRow(learner.id, language, id) : undefined;
    if (!row) throw notFound('That word');
    return toWord(row);
  }

  async deleteOwnWord(learner: Learner, language: LanguageCode, id: number): Promise<void> {
    await this.ownWord(learner, language, id);
    if (!(await this.cards.run({ learner }, ({ cards }) => cards.deleteOwnWord(learner.id, language, id))))
      throw notFound('That word');
  }

  /** An own word as the word list shows it, with its card in the language's own direction. */
  private ownWordRow(learnerId: string, language: LanguageCode, wordId: number) {
    return this.words.findWord({ learnerId, language, wordId, direction: primaryDirection(language) });
  }

  /** One of the learner's own words, or 404 (a deck word, another learner's, an id out of range alike). */
  private async ownWord(learner: Learner, language: LanguageCode, id: number): Promise<void> {
    const row = await this.ownWordRow(learner.id, language, id);
    if (row?.owner_id !== learner.id) throw notFound('That word');
  }

  async addLanguage(learner: Learner, language: LanguageCode, options: RecordOptions = {}): Promise<UserLanguage> {
    if (!(await this.languages.add(learner.id, language, this.clock()))) {
      throw conflict('language_exists', 'You have added this language already.');
    }
    return this.userLanguage(learner, language, { ...options, addedAt: this.clock() });
  }

  async userLanguages(learner: Learner, options: RecordOptions = {}): Promise<UserLanguage[]> {
    const added = await this.languages.list(learner.id);
    return Promise.all(
      added.map((l) => this.userLanguage(learner, l.language as LanguageCode, { ...options, addedAt: l.added_at })),
    );
  }

  async userLanguage(
    learner: Learner,
    language: LanguageCode,
    { addedAt, words = true }: RecordOptions & { addedAt?: number } = {},
  ): Promise<UserLanguage> {
    const when = addedAt ?? (await this.languages.list(learner.id)).find((l) => l.language === language)?.added_at;
    if (when === undefined) throw notFound('That language');
    // "Learned" is the language's own card's, as everywhere the product counts it.
    // `wordsLearned` is the whole list, as the original API sent it: its clients count it for the total and filter
    // it for the words learned.
    const [stats, list] = await Promise.all([
      this.stats(learner, language),
      words ? this.list(learner, language) : undefined,
    ]);
    return { ...stats, ...(list ? { wordsLearned: list } : {}), addedAt: when };
  }

  /** A guest's learning moves into the account it logs into (cards/guest-merge.ts), in one unit after `first`. */
  mergeGuest = (guestId: string, account: Learner, first: (trx: Transaction<Database>) => Promise<void>) =>
    this.cards.run({ learner: account }, async ({ cards, trx }) => {
      await first(trx);
      await cards.mergeGuest(guestId, account.id);
    });
}
