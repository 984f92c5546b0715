import { ConfigError, loadConfig } from '../config.js';

/**
 * The SQLite file the server would use, from the same environment (DATABASE_URL, DATA_DIR). PostgreSQL has its own
 * tools, which the message names.
 */
export function sqliteFileOrExit(command: 'backup' | 'restore'): string {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  if (config.database.kind !== 'sqlite') {
    fail(
      command === 'backup'
        ? 'DATABASE_URL is PostgreSQL: back it up with pg_dump, ' +
            'e.g. pg_dump --format=custom --file=vocab.dump "$DATABASE_URL" (see README.md).'
        : 'DATABASE_URL is PostgreSQL: restore with pg_restore, ' +
            'e.g. pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" vocab.dump (see README.md).',
    );
  }
  if (config.database.file === ':memory:')
    fail('DATABASE_URL is an in-memory database: there is nothing to back up or restore.');
  return config.database.file;
}

export function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}
