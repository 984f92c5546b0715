import type { Kysely } from 'kysely';

/**
 * What account self-service and lockout-free login limits need.
 *
 * - sessions.user_agent: the list of active sessions names each one's browser.
 * - known_devices: browsers that have logged in to an account (OWASP's device cookies). Only the SHA-256 of the
 *   cookie's random token is kept, as for sessions. A known browser's login attempts are not counted with
 *   strangers', so an attack on a name cannot lock its owner out.
 * - login_throttle: per account, attempts from unknown browsers; past a few, each waits a growing delay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('known_devices')
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_devices_pk', ['token_hash', 'user_id'])
    .execute();
  await db.schema.createIndex('known_devices_user').on('known_devices').column('user_id').execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('delay_ms', 'bigint', (c) => c.notNull())
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .addColumn('grant_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}
