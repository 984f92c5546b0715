import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the worker copies the WAL's new pages into the database file. */
export const CHECKPOINT_INTERVAL_MS = 50;
/** The connection's own checkpoints (SQLite's default), taken back when the worker is gone. */
const AUTOCHECKPOINT_PAGES = 1000;
/** A WAL larger than this is cut back to it once its pages are all in the database file. */
const WAL_SIZE_LIMIT = 64 * 1024 * 1024;

// The worker opens its own connection and runs PASSIVE checkpoints, which neither wait for nor block the
// connection that serves requests. It is plain JavaScript (an eval'd script) so that the same code runs from the
// built server and from the TypeScript sources under the tests.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
let timer = null;
const tick = () => {
  db.pragma('wal_checkpoint(PASSIVE)');
  timer = setTimeout(tick, workerData.intervalMs);
};
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
tick();
parentPort.postMessage('started');
`;

export interface CheckpointerOptions {
  intervalMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * WAL checkpoints on a worker thread (docs/performance.md): an answer's commit then only appends its pages to the
 * WAL and syncs it, and copying them into the database file (with its own sync) happens beside the event loop.
 * Durability does not depend on it: a commit is on disk in the WAL before it is acknowledged
 * (docs/decisions/0003-sqlite-durability.md). If the worker fails, the connection checkpoints for itself again, as
 * SQLite does by default, so the WAL cannot grow without bound. `stop()` closes the worker's connection first, so
 * that closing the main connection afterwards is the last close, which checkpoints fully and removes the WAL.
 */
export class Checkpointer {
  /** The thread; exposed so that a test can end it abruptly, as a crash would. */
  readonly worker: Worker;
  private stopping = false;
  private readonly exited: Promise<void>;
  /** Settles once the worker's connection is open and its first checkpoint ran (or the worker failed first). */
  readonly started: Promise<void>;

  constructor(
    private readonly sqlite: SQLite.Database,
    file: string,
    { intervalMs = CHECKPOINT_INTERVAL_MS, log }: CheckpointerOptions = {},
  ) {
    sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
    sqlite.pragma('wal_autocheckpoint = 0');
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), file, intervalMs } });
    this.worker.unref();
    let failure: unknown = null;
    this.worker.on('error', (err) => {
      failure = err;
    });
    this.started = new Promise((resolve) => {
      this.worker.once('message', () => resolve());
      this.worker.once('exit', () => resolve());
    });
    this.exited = new Promise((resolve) => {
      this.worker.once('exit', (code) => {
        if (!this.stopping) {
          // The connection may be closed already if the process is ending; then there is nothing to hand back.
          if (this.sqlite.open) this.sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
          log?.warn({ err: failure instanceof Error ? { message: failure.message } : undefined, code }, 'the WAL checkpoint worker stopped; the database connection checkpoints for itself again');
        }
        resolve();
      });
    });
  }

  /** Ends the worker and closes its connection. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.worker.postMessage('stop');
    await this.exited;
  }
}
