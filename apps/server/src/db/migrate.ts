import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Db, Dialect } from './database.js';
import { refreshStaleStatistics } from './statistics.js';
import * as initial from './migrations/001-initial.js';
import * as settings from './migrations/002-settings.js';
import * as undo from './migrations/003-undo.js';
import * as directions from './migrations/004-directions.js';
import * as progressLanguage from './migrations/005-progress-language.js';
import * as cardNames from './migrations/006-card-names.js';
import * as wordHints from './migrations/007-word-hints.js';
import * as wordKeys from './migrations/008-word-keys.js';
import * as accountSecurity from './migrations/009-account-security.js';
import * as frontiers from './migrations/010-frontiers.js';
import * as placements from './migrations/011-placements.js';
import * as memoryModels from './migrations/012-memory-models.js';
import * as wordExamples from './migrations/013-word-examples.js';
import * as learningStarts from './migrations/015-learning-starts.js';
import * as takenBackAnswers from './migrations/016-taken-back-answers.js';
import * as email from './migrations/017-email.js';
import * as fitAttempts from './migrations/018-fit-attempts.js';
import * as fitCursor from './migrations/019-fit-cursor.js';
import * as reminderHours from './migrations/020-reminder-hours.js';

/** Migrations are compiled in (no directory scan), so the built server carries exactly its own schema. */
function provider(dialect: Dialect): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '001-initial': { up: initial.up(dialect) },
    '002-settings': { up: settings.up },
    '003-undo': { up: undo.up },
    '004-directions': { up: directions.up(dialect) },
    '005-progress-language': { up: progressLanguage.up },
    '006-card-names': { up: cardNames.up(dialect) },
    '007-word-hints': { up: wordHints.up },
    '008-word-keys': { up: wordKeys.up },
    '009-account-security': { up: accountSecurity.up },
    '010-frontiers': { up: frontiers.up },
    '011-placements': { up: placements.up },
    '012-memory-models': { up: memoryModels.up },
    '013-word-examples': { up: wordExamples.up },
    '015-learning-starts': { up: learningStarts.up },
    '016-taken-back-answers': { up: takenBackAnswers.up },
    '017-email': { up: email.up },
    '018-fit-attempts': { up: fitAttempts.up },
    '019-fit-cursor': { up: fitCursor.up },
    '020-reminder-hours': { up: reminderHours.up },
  };
  return { getMigrations: () => Promise.resolve(migrations) };
}

/**
 * Brings the schema up to date, or only up to the migration named (tests of a migration start before it).
 * Safe to run from several instances at once: Kysely takes a lock.
 */
export async function migrateToLatest(db: Db, upTo?: string): Promise<void> {
  if (db.dialect === 'postgres') await createMigrationTables(db);
  const migrator = new Migrator({ db: db.kysely as Kysely<unknown>, provider: provider(db.dialect) });
  const { error, results } = upTo === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(upTo);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  // A migration may have filled or rebuilt tables: plan from what they hold now.
  if (results?.some((r) => r.status === 'Success')) await refreshStaleStatistics(db);
}

/**
 * Kysely decides whether its bookkeeping tables exist by introspecting every schema of the database, so on a server
 * where another schema already has them (several apps, or tests each in their own schema) it would skip creating
 * them in ours and fail. Creating them here, in the connection's own schema, makes that check irrelevant.
 */
async function createMigrationTables(db: Db): Promise<void> {
  // Instances starting together would race on CREATE TABLE IF NOT EXISTS; an advisory lock per schema orders them.
  await db.kysely.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(current_schema()))`.execute(trx);
    await sql`create table if not exists kysely_migration (name varchar(255) not null primary key, timestamp
      varchar(255) not null)`.execute(trx);
    await sql`create table if not exists kysely_migration_lock (id varchar(255) not null primary key,
      is_locked integer not null default 0)`.execute(trx);
    await sql`insert into kysely_migration_lock (id, is_locked) values ('migration_lock', 0) on conflict (id)
      do nothing`.execute(trx);
  });
}
