import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { PROGRESS_COLUMNS, withProgressColumns } from './progress-columns.js';

const isDirection = sql`direction in ('forward', 'reverse')`;

/**
 * Each word has two cards, one per direction (docs/decisions/0005-scheduling.md): progress is keyed by
 * (learner, word, direction) and every review says which card it was. Existing rows are forward cards.
 * SQLite cannot change a primary key in place, so there the progress table is rebuilt with its rows.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    if (dialect === 'postgres') {
      // Kysely runs a PostgreSQL migration in a transaction already.
      await db.schema
        .alterTable('progress')
        .addColumn('direction', 'text', (c) => c.notNull().defaultTo('forward').check(isDirection))
        .execute();
      await db.schema.alterTable('progress').dropConstraint('progress_pk').execute();
      await db.schema
        .alterTable('progress')
        .addPrimaryKeyConstraint('progress_pk', ['learner_id', 'word_id', 'direction'])
        .execute();
      await db.schema.dropIndex('progress_due').execute();
      await addDirections(db);
      return;
    }
    // Not so on SQLite: without one, a crash between dropping the old table and renaming the new would lose it.
    await db.transaction().execute(async (trx) => {
      await rebuildSqliteProgress(trx);
      await addDirections(trx);
    });
  };
}

async function addDirections(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('progress_due').on('progress').columns(['learner_id', 'direction', 'due']).execute();
  await db.schema
    .alterTable('reviews')
    .addColumn('direction', 'text', (c) => c.notNull().defaultTo('forward').check(isDirection))
    .execute();
  await db.schema.dropIndex('reviews_session').execute();
  await db.schema
    .createIndex('reviews_session')
    .on('reviews')
    .columns(['learner_id', 'session_id', 'word_id', 'direction'])
    .execute();
}

async function rebuildSqliteProgress(db: Kysely<unknown>): Promise<void> {
  await withProgressColumns(db.schema.createTable('progress_new'))
    .addColumn('direction', 'text', (c) => c.notNull().defaultTo('forward').check(isDirection))
    .addPrimaryKeyConstraint('progress_pk', ['learner_id', 'word_id', 'direction'])
    .execute();
  const columns = sql.join(PROGRESS_COLUMNS.map((c) => sql.ref(c)));
  await sql`insert into progress_new (${columns}) select ${columns} from progress`.execute(db);
  // Nothing references progress, so dropping it (and its index) breaks no foreign key.
  await db.schema.dropTable('progress').execute();
  await db.schema.alterTable('progress_new').renameTo('progress').execute();
}
