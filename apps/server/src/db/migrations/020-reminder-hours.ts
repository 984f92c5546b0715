import type { Kysely } from 'kysely';

/**
 * The UTC hour each learner's reminder falls in (docs/decisions/0017-email-reminders-reset.md), indexed, so that a
 * reminder pass reads the learners whose hour is near instead of every learner with reminders on. Empty at first: the
 * next pass fills it for every row without one (a time zone's offset is the runtime's knowledge, not the database's),
 * and saving the settings sets it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reminder_settings').addColumn('utc_hour', 'integer').execute();
  await db.schema
    .createIndex('reminder_settings_utc_hour')
    .on('reminder_settings')
    .columns(['enabled', 'utc_hour'])
    .execute();
}
