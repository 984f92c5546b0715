import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { type Config, ConfigError, ROOT_DIR, loadConfig } from './config.js';
import { type Db, DatabaseOpenError, openDatabase } from './db/database.js';
import { databaseFailure } from './db/db-errors.js';
import { migrateToLatest } from './db/migrate.js';
import { migrateOnThread } from './db/migrate-on-thread.js';
import { loadDecks } from './modules/content/deck-loader.js';
import { DatabaseHealth } from './plugins/database-health.js';

/** Migrations may rebuild large tables: they get far more time than a request's statement. */
const MIGRATION_TIMEOUT_MS = 10 * 60_000;
/** Waits between attempts to reach PostgreSQL at start: doubling from 1 s, at most 30 s. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * Starts the server: validated config, then listen; SIGTERM/SIGINT drain and close cleanly. The server listens
 * before it migrates: /api/status says `starting` and every other API call answers 503 with Retry-After meanwhile,
 * so a process manager or load balancer sees a live process however long a migration takes. On SQLite the file is
 * opened first (a file that cannot be written stops the start with its name) and migrated on a thread of its own; a
 * failed migration stops the server. On PostgreSQL the server migrates once the database answers, retrying while it
 * is away.
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Database errors outside requests go to the app's log once it exists.
  const built: { app?: FastifyInstance } = {};
  const log = {
    warn: (obj: object, msg: string) => (built.app ? built.app.log.warn(obj, msg) : console.warn(msg, obj)),
  };
  const timeouts = {
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    queryTimeoutMs: config.databaseQueryTimeoutMs,
    log,
  };
  let db: Db;
  try {
    db = openDatabase(config.database, { ...timeouts, checkpointInBackground: true });
  } catch (err) {
    if (err instanceof DatabaseOpenError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const health = new DatabaseHealth(false);

  const server = await buildApp({ config, db, health });
  built.app = server;
  let closing = false;
  server.addHook('onClose', () => db.close());
  // Node closes idle kept-alive connections once, at close(); a response finished after that must close its own,
  // or the process would wait for the client's keep-alive to time out.
  server.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, 'shutting down: finishing requests in flight');
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        server.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await server.listen({ port: config.port, host: config.host });

  if (config.database.kind === 'sqlite') {
    const started = Date.now();
    try {
      await migrateOnThread(config.database.file);
      await loadDecks(db, path.join(ROOT_DIR, 'content'), Date.now());
    } catch (err) {
      server.log.error({ err }, 'the database could not be prepared; stopping');
      await server.close().catch(() => undefined);
      process.exit(1);
    }
    health.markReady();
    server.log.info({ ms: Date.now() - started }, 'database ready');
  } else {
    for (let attempt = 0; !closing; attempt++) {
      // Migrations run on their own short-lived connections, without the requests' statement timeout.
      const migrationDb = openDatabase(config.database, { ...timeouts, queryTimeoutMs: MIGRATION_TIMEOUT_MS });
      try {
        await prepare(migrationDb, db);
        health.markReady();
        server.log.info('database ready');
        break;
      } catch (err) {
        const cause = (err as { cause?: unknown }).cause;
        if ((databaseFailure(err) ?? databaseFailure(cause)) !== 'unavailable') throw err;
        const waitMs = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** attempt);
        server.log.warn(
          { err, retryInMs: waitMs },
          'database unreachable at start; /api/status reports starting until it answers',
        );
        await new Promise((resolve) => setTimeout(resolve, waitMs).unref());
      } finally {
        await migrationDb.close();
      }
    }
  }
}

/** Migrates on `migrationDb`, then loads the decks through the app's own `db` (its deck cache follows that one). */
async function prepare(migrationDb: Db, db: Db): Promise<void> {
  await migrateToLatest(migrationDb);
  await loadDecks(db, path.join(ROOT_DIR, 'content'), Date.now());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
