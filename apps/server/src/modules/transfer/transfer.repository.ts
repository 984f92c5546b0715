import type { Direction } from '@vocab/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { learnerReviews } from '../cards/review-log.js';
import type { WordsSeenBy } from '../cards/visible-word.js';

/** Rows per query of an export: a 10,000-word export is ten short reads, streamed out between them. */
export const EXPORT_PAGE = 1000;

export interface ExportWordRow {
  id: number;
  word: string;
  translation: string;
  article: string;
  note: string;
  example: string;
  example_translation: string;
  owner_id: string | null;
  answered_correctly: number | null;
  due: number | null;
  reps: number | null;
  reviews: number | string | null;
}

export interface ExportReviewRow {
  id: number;
  word_id: number;
  word: string;
  direction: Direction;
  reviewed_at: number;
  rating: number;
  verdict: string;
  elapsed_days: number;
  state: number;
  scheduled: number;
}

/** Reads for exports and an import's duplicate check: a learner's words, their cards and review log. */
export class TransferRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * A page of the words the learner sees in a language (the deck's, then their own, by id after `afterId`), with
   * their card of `direction` and how many answers they gave on the word. A visitor (null) sees the deck only.
   */
  wordPage({ learnerId, language, direction, afterId }: WordsSeenBy & { afterId: number }): Promise<ExportWordRow[]> {
    const learner = learnerId ?? '';
    return this.db
      .selectFrom('words as w')
      .leftJoin('progress as p', (join) =>
        join.onRef('p.word_id', '=', 'w.id').on('p.learner_id', '=', learner).on('p.direction', '=', direction),
      )
      .select((eb) => [
        'w.id',
        'w.word',
        'w.translation',
        'w.article',
        'w.note',
        'w.example',
        'w.example_translation',
        'w.owner_id',
        'p.answered_correctly',
        'p.due',
        'p.reps',
        eb
          .selectFrom('reviews as r')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('r.word_id', '=', 'w.id')
          .where('r.learner_id', '=', learner)
          .as('reviews'),
      ])
      .where('w.language', '=', language)
      .where('w.active', '=', 1)
      .where((eb) =>
        learnerId
          ? eb.or([eb('w.owner_id', 'is', null), eb('w.owner_id', '=', learnerId)])
          : eb('w.owner_id', 'is', null),
      )
      .where('w.id', '>', afterId)
      .orderBy('w.id')
      .limit(EXPORT_PAGE)
      .execute();
  }

  /** A page of the learner's answers on the language's words, oldest first, after the answer `afterId`. */
  reviewPage(learnerId: string, language: string, afterId: number): Promise<ExportReviewRow[]> {
    return learnerReviews(this.db, learnerId, language)
      .select([
        'r.id',
        'r.word_id',
        'w.word',
        'r.direction',
        'r.reviewed_at',
        'r.rating',
        'r.verdict',
        'r.elapsed_days',
        'r.state',
        'r.scheduled',
      ])
      .where('r.id', '>', afterId)
      .orderBy('r.id')
      .limit(EXPORT_PAGE)
      .execute();
  }

  /** The keys (lib/word-key.ts) of the deck's words and of the learner's own words in a language. */
  async wordKeys(learnerId: string | null, language: string): Promise<{ deck: Set<string>; own: Set<string> }> {
    const rows = await this.db
      .selectFrom('words')
      .select(['word_key', 'owner_id'])
      .where('language', '=', language)
      .where('active', '=', 1)
      .where((eb) =>
        learnerId ? eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', learnerId)]) : eb('owner_id', 'is', null),
      )
      .execute();
    const deck = new Set<string>();
    const own = new Set<string>();
    for (const row of rows) (row.owner_id === null ? deck : own).add(row.word_key);
    return { deck, own };
  }
}
