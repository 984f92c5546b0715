import { type LanguageCode, primaryDirection } from '@vocab/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { dueBy } from '../cards/card.js';

/** Reads of the review log and the cards for the learner's charts, streak and XP. */
export class StatsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Answers since `since` in both directions (each is practice done, for streak, goal and XP), optionally of one
   * language.
   */
  answersSince(learnerId: string, since: number, language?: string) {
    let q = this.db
      .selectFrom('reviews as r')
      .select(['r.reviewed_at', 'r.received_at', 'r.verdict', 'r.rating', 'r.scheduled', 'r.state'])
      .where('r.learner_id', '=', learnerId)
      .where('r.reviewed_at', '>=', since);
    if (language) q = q.innerJoin('words as w', 'w.id', 'r.word_id').where('w.language', '=', language);
    return q.execute();
  }

  /** How many answers of each verdict the learner ever gave: total XP without loading the whole log. */
  async verdictCounts(learnerId: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('reviews')
      .select(['verdict', (eb) => eb.fn.countAll<number>().as('n')])
      .where('learner_id', '=', learnerId)
      .groupBy('verdict')
      .execute();
    return new Map(rows.map((r) => [r.verdict, Number(r.n)]));
  }

  /** For each word of the language first recalled on its own card (the one "learned" counts): when that happened. */
  firstRecalls(learnerId: string, language: LanguageCode) {
    return this.db
      .selectFrom('reviews as r')
      .innerJoin('words as w', 'w.id', 'r.word_id')
      .select(['r.word_id', (eb) => eb.fn.min<number>('r.reviewed_at').as('at')])
      .where('r.learner_id', '=', learnerId)
      .where('w.language', '=', language)
      .where('r.direction', '=', primaryDirection(language))
      .where('r.scheduled', '=', 1)
      .where('r.rating', '>', 1)
      .groupBy('r.word_id')
      .execute();
  }

  /** Due times before `until` of the cards of both directions: the forecast is all the reviews ahead. */
  dueBefore(learnerId: string, language: string, until: number) {
    return (
      this.db
        .selectFrom('progress as p')
        .innerJoin('words as w', 'w.id', 'p.word_id')
        .select('p.due')
        .where('p.learner_id', '=', learnerId)
        .where('p.language', '=', language)
        .where('w.active', '=', 1)
        // Due strictly before `until`: times are whole milliseconds.
        .where(dueBy(until - 1))
        .execute()
    );
  }
}
