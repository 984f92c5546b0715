import { Worker } from 'node:worker_threads';

/**
 * Migrates a SQLite file on a thread of its own. better-sqlite3 holds the thread that runs a statement, and a
 * migration that rebuilds a table of two million cards takes 15–70 s (docs/performance.md): on the main thread the
 * server could not answer anything meanwhile, not even /api/status. Run from the built server only (the worker's
 * entry is the compiled migrate-worker.js beside this file).
 */
export function migrateOnThread(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./migrate-worker.js', import.meta.url), { workerData: { file } });
    worker.once('message', (result: { ok: boolean; message?: string }) =>
      result.ok ? resolve() : reject(new Error(`migration failed: ${result.message}`)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the migration thread stopped with code ${code}`));
    });
  });
}
