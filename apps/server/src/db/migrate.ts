import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Db, Dialect } from './database.js';
import * as initial from './migrations/001-initial.js';
import * as settings from './migrations/002-settings.js';
import * as undo from './migrations/003-undo.js';
import * as directions from './migrations/004-directions.js';

/** Migrations are compiled in (no directory scan), so the built server carries exactly its own schema. */
function provider(dialect: Dialect): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '001-initial': { up: initial.up(dialect) },
    '002-settings': { up: settings.up },
    '003-undo': { up: undo.up },
    '004-directions': { up: directions.up(dialect) },
  };
  return { getMigrations: () => Promise.resolve(migrations) };
}

/**
 * Brings the schema up to date, or only up to the migration named (tests of a migration start before it).
 * Safe to run from several instances at once: Kysely takes a lock.
 */
export async function migrateToLatest(db: Db, upTo?: string): Promise<void> {
  const migrator = new Migrator({ db: db.kysely as Kysely<unknown>, provider: provider(db.dialect) });
  const { error, results } = upTo === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(upTo);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
