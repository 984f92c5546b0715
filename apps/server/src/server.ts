import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, ROOT_DIR, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { loadDecks } from './modules/content/deck-loader.js';

/** Starts the server: validated config, migrated database, then listen; SIGTERM/SIGINT drain and close cleanly. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  await loadDecks(db, path.join(ROOT_DIR, 'content'), Date.now());
  const app = await buildApp({ config, db });
  app.addHook('onClose', () => db.close());

  let closing = false;
  // Node closes idle kept-alive connections once, at close(); a response finished after that must close its own,
  // or the process would wait for the client's keep-alive to time out.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
