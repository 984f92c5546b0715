import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * A learner's answers (`r`) on a language's words (`w`), for a reader to select from and page: the memory model's
 * fit reads them newest first, an export oldest first.
 */
export const learnerReviews = (db: Kysely<Database>, learnerId: string, language: string) =>
  db
    .selectFrom('reviews as r')
    .innerJoin('words as w', 'w.id', 'r.word_id')
    .where('r.learner_id', '=', learnerId)
    .where('w.language', '=', language);
