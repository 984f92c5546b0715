/**
 * The entry of the thread that migrates a SQLite file (migrate-on-thread.ts). It opens its own connection and posts
 * `{ ok }` or `{ ok: false, message }` once the schema is up to date.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

const { file } = workerData as { file: string };
const db = openDatabase({ kind: 'sqlite', file });
try {
  await migrateToLatest(db);
  parentPort?.postMessage({ ok: true });
} catch (err) {
  parentPort?.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
} finally {
  await db.close();
}
