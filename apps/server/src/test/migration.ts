import type { Kysely } from 'kysely';
import { afterEach, describe } from 'vitest';
import type { Db } from '../db/database.js';
import { TEST_DATABASES, type TestDatabase, createTestDatabase } from './harness.js';

/** Tables as an older schema had them: rows written before a migration fit none of today's types. */
export type OldSchema = Kysely<Record<string, Record<string, unknown>>>;

/** A reviewed card's schedule, in the columns every schema so far has kept. */
export const OLD_CARD = {
  answered_correctly: 1,
  due: 2_000,
  stability: 2.5,
  difficulty: 4.5,
  elapsed_days: 0,
  scheduled_days: 3,
  learning_steps: 0,
  reps: 2,
  lapses: 0,
  state: 2,
  last_review: 1_000,
  last_rating: 3,
  last_failed_at: null,
  updated_at: 1_000,
};

export interface MigrationFixture {
  db: Db;
  /** The same database, untyped, for rows in the schema before the migration. */
  old: OldSchema;
}

/**
 * Runs `suite` once per test database. Its `before(upTo)` gives a database migrated up to `upTo` (the migration
 * before the one under test) holding the learner 'u1'; the database is dropped after each test.
 */
export function describeMigration(
  name: string,
  suite: (before: (upTo: string) => Promise<MigrationFixture>) => void,
): void {
  for (const database of TEST_DATABASES) {
    describe(`migration ${name} [${database.name}]`, () => {
      let tdb: TestDatabase | undefined;
      afterEach(async () => {
        await tdb?.drop();
        tdb = undefined;
      });
      suite(async (upTo) => {
        tdb = await createTestDatabase(database.name, database.url, upTo);
        const old = tdb.db.kysely as unknown as OldSchema;
        await old.insertInto('users').values({ id: 'u1', created_at: 0 }).execute();
        return { db: tdb.db, old };
      });
    });
  }
}

/** A deck word (or, with `owner_id`, an own word) in the old schema; resolves to its id. */
export async function insertOldWord(
  old: OldSchema,
  language: string,
  word: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const row = await old
    .insertInto('words')
    .values({ language, word, translation: 'house', rank: 1, ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The learner u1's right answer to a word, in the old schema; `values` adds or overrides columns. */
export async function insertOldReview(old: OldSchema, values: Record<string, unknown>): Promise<void> {
  await old
    .insertInto('reviews')
    .values({
      learner_id: 'u1',
      rating: 3,
      verdict: 'correct',
      scheduled: 1,
      state: 2,
      elapsed_days: 0,
      scheduled_days: 3,
      ...values,
    })
    .execute();
}
