import type { Kysely } from 'kysely';

/**
 * The ids of answers a learner took back (Undo). Undo removes the answer from the log, and with it the only record
 * that its `answerId` was used: a retry of the original request (an offline queue sending again, a proxy repeating
 * it) was then recorded as a new answer and rescheduled the card. A taken-back id is kept here and such a retry
 * changes nothing, as a retry of a recorded answer does. Deleted with the learner.
 *
 * And when the server received each answer (`reviews.received_at`; null for answers logged before): an answer may
 * carry the time it was given (offline practice), and the streak counts it on that day only when it arrived within
 * a day and a half (docs/decisions/0011-offline-practice.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('taken_back_answers')
    .addColumn('learner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('answer_id', 'text', (c) => c.notNull())
    .addColumn('taken_back_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('taken_back_answers_pk', ['learner_id', 'answer_id'])
    .execute();
  await db.schema.alterTable('reviews').addColumn('received_at', 'bigint').execute();
}
