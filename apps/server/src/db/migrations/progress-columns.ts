import type { CreateTableBuilder } from 'kysely';

/** The names of the columns of `progress` as 001-initial created them, in order, for copying rows. */
export const PROGRESS_COLUMNS = [
  'learner_id',
  'word_id',
  'answered_correctly',
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
  'last_failed_at',
  'updated_at',
] as const;
type ProgressColumn = (typeof PROGRESS_COLUMNS)[number];

/**
 * The columns of `progress` as 001-initial created them. 004-directions rebuilds the table on SQLite from the same
 * list, so the two can never disagree. Never change it: a later migration changes the table with its own code.
 */
export function withProgressColumns<T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C | ProgressColumn> {
  return table
    .addColumn('learner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('word_id', 'integer', (c) => c.notNull().references('words.id').onDelete('cascade'))
    .addColumn('answered_correctly', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due', 'bigint', (c) => c.notNull())
    .addColumn('stability', 'double precision', (c) => c.notNull())
    .addColumn('difficulty', 'double precision', (c) => c.notNull())
    .addColumn('elapsed_days', 'double precision', (c) => c.notNull())
    .addColumn('scheduled_days', 'double precision', (c) => c.notNull())
    .addColumn('learning_steps', 'integer', (c) => c.notNull())
    .addColumn('reps', 'integer', (c) => c.notNull())
    .addColumn('lapses', 'integer', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('last_review', 'bigint')
    .addColumn('last_rating', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_failed_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull());
}
