import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { withProgressColumns } from './progress-columns.js';

/** An auto-incrementing integer primary key, spelled per engine (the one dialect difference in the schema). */
function serialId(dialect: Dialect) {
  return dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
}

export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    const idColumn = (c: ColumnDefinitionBuilder) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();

    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text')
      .addColumn('username_key', 'text')
      .addColumn('password_hash', 'text')
      .addColumn('strict_accents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('users_username_key').unique().on('users').column('username_key').execute();

    await db.schema
      .createTable('sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('words')
      .addColumn('id', serialId(dialect), idColumn)
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('word', 'text', (c) => c.notNull())
      .addColumn('translation', 'text', (c) => c.notNull())
      .addColumn('pos', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('article', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('rank', 'integer', (c) => c.notNull())
      .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    // A deck holds a lemma once; a learner's own list holds a word once.
    await db.schema
      .createIndex('words_deck_unique')
      .unique()
      .on('words')
      .columns(['language', 'word'])
      .where(sql.ref('owner_id'), 'is', null)
      .execute();
    await db.schema
      .createIndex('words_owner_unique')
      .unique()
      .on('words')
      .columns(['owner_id', 'language', 'word'])
      .where(sql.ref('owner_id'), 'is not', null)
      .execute();
    await db.schema.createIndex('words_language_rank').on('words').columns(['language', 'rank']).execute();

    await withProgressColumns(db.schema.createTable('progress'))
      .addPrimaryKeyConstraint('progress_pk', ['learner_id', 'word_id'])
      .execute();
    await db.schema.createIndex('progress_due').on('progress').columns(['learner_id', 'due']).execute();

    await db.schema
      .createTable('reviews')
      .addColumn('id', serialId(dialect), idColumn)
      .addColumn('learner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('word_id', 'integer', (c) => c.notNull().references('words.id').onDelete('cascade'))
      .addColumn('answer_id', 'text')
      .addColumn('session_id', 'text')
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('verdict', 'text', (c) => c.notNull())
      .addColumn('typed', 'text', (c) => c.notNull())
      .addColumn('scheduled', 'integer', (c) => c.notNull())
      .addColumn('state', 'integer', (c) => c.notNull())
      .addColumn('elapsed_days', 'double precision', (c) => c.notNull())
      .addColumn('scheduled_days', 'double precision', (c) => c.notNull())
      .addColumn('reviewed_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('reviews_answer').unique().on('reviews').columns(['learner_id', 'answer_id']).execute();
    await db.schema
      .createIndex('reviews_session')
      .on('reviews')
      .columns(['learner_id', 'session_id', 'word_id'])
      .execute();
    await db.schema.createIndex('reviews_learner_time').on('reviews').columns(['learner_id', 'reviewed_at']).execute();

    await db.schema
      .createTable('deck_versions')
      .addColumn('language', 'text', (c) => c.primaryKey())
      .addColumn('content_hash', 'text', (c) => c.notNull())
      .addColumn('loaded_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('user_languages')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('added_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_languages_pk', ['user_id', 'language'])
      .execute();

    await db.schema
      .createTable('contact_messages')
      .addColumn('id', serialId(dialect), idColumn)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('sent_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('contact_outbox')
      .on('contact_messages')
      .columns(['status', 'next_attempt_at'])
      .execute();
  };
}
