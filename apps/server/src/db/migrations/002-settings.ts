import type { Kysely } from 'kysely';

/** Learner settings beside strict accents: desired retention, daily goal, auto-speak and theme. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('desired_retention', 'double precision', (c) => c.notNull().defaultTo(0.9))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('daily_goal', 'integer', (c) => c.notNull().defaultTo(20))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('auto_speak', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('theme', 'text', (c) => c.notNull().defaultTo('system'))
    .execute();
}
