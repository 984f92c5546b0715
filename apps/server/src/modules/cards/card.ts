import { type CardState, type Direction, State } from '@vocab/core';
import { sql } from 'kysely';

/** One learner's card: a word in one direction. */
export interface CardRef {
  learnerId: string;
  wordId: number;
  direction: Direction;
}

/** A card to create: its first FSRS state, and its word's language (kept on the card for the due index). */
export type NewCard = CardState & { language: string };

/** A card's learning fields, as kept in a review for undo. */
export type SavedCard = CardState & { answered_correctly: number; last_failed_at: number | null };

/** The FSRS fields of a row (or of a prepared query's stand-ins), without anything else it carries. */
export const cardState = (row: CardState): CardState => ({
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

export const savedCard = (row: SavedCard): SavedCard => ({
  ...cardState(row),
  answered_correctly: row.answered_correctly,
  last_failed_at: row.last_failed_at,
});

/**
 * The rows of one card, in the cards (`progress`) or in reviews (the queries using it have no join, so names are
 * plain).
 */
export const isCard = (ref: CardRef) =>
  sql<boolean>`learner_id = ${ref.learnerId} and word_id = ${ref.wordId} and direction = ${ref.direction}`;

/**
 * Core's `isDue` in SQL, on a card row named `p`: reviewed at least once (not New) and due by `now`. The one
 * place the rule is written for the database; `due.test.ts` holds it to `isDue`.
 */
export const dueBy = (now: number) => sql<boolean>`(p.state <> ${sql.lit(State.New)} and p.due <= ${now})`;
