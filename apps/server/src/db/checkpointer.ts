import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the worker copies the WAL's new pages into the database file. */
export const CHECKPOINT_INTERVAL_MS = 500;
/** The connection's own checkpoints (SQLite's default), taken back when the worker is gone. */
const AUTOCHECKPOINT_PAGES = 1000;
/** A WAL larger than this is cut back to it once its pages are all in the database file. */
const WAL_SIZE_LIMIT = 64 * 1024 * 1024;
/** The first wait before a worker that stopped is started again; it doubles up to a minute while it keeps stopping. */
export const RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 60_000;

// The worker opens its own connection and runs PASSIVE checkpoints, which neither wait for nor block the
// connection that serves requests. It is plain JavaScript (an eval'd script) so that the same code runs from the
// built server and from the TypeScript sources under the tests.
// A checkpoint that fails (a full disk: copying pages may need the database file to grow) is reported once and
// tried again on the next tick, so that checkpoints resume by themselves once space is back.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
let timer = null;
let failing = false;
const tick = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    if (failing) parentPort.postMessage({ recovered: true });
    failing = false;
  } catch (err) {
    if (!failing) parentPort.postMessage({ failed: String(err && (err.code || err.message)) });
    failing = true;
  }
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
  restartDelayMs?: number;
  log?: { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };
}

/**
 * WAL checkpoints on a worker thread (docs/performance.md): an answer's commit then only appends its pages to the
 * WAL and syncs it, and copying them into the database file (with its own sync) happens beside the event loop.
 * Durability does not depend on it: a commit is on disk in the WAL before it is acknowledged
 * (docs/decisions/0003-sqlite-durability.md). A checkpoint that fails (a full disk) is tried again on the next tick.
 * If the worker itself stops, the connection checkpoints for itself, as SQLite does by default, so the WAL cannot
 * grow without bound, and a new worker is started after a wait (1 s, doubling up to a minute while it keeps
 * stopping). `stop()` closes the worker's connection first, so that closing the main connection afterwards is the
 * last close, which checkpoints fully and removes the WAL.
 */
export class Checkpointer {
  private current!: Worker;
  private stopping = false;
  private exited: Promise<void> = Promise.resolve();
  private restartTimer: NodeJS.Timeout | null = null;
  private restartDelayMs: number;
  /** Settles once the first worker's connection is open and its first checkpoint ran (or the worker failed first). */
  readonly started: Promise<void>;
  private readonly file: string;
  private readonly intervalMs: number;
  private readonly firstRestartDelayMs: number;
  private readonly log: CheckpointerOptions['log'];

  constructor(
    private readonly sqlite: SQLite.Database,
    file: string,
    { intervalMs = CHECKPOINT_INTERVAL_MS, restartDelayMs = RESTART_DELAY_MS, log }: CheckpointerOptions = {},
  ) {
    this.file = file;
    this.intervalMs = intervalMs;
    this.firstRestartDelayMs = restartDelayMs;
    this.restartDelayMs = restartDelayMs;
    this.log = log;
    sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
    this.started = this.startWorker();
  }

  /** The thread now running; exposed so that a test can end it abruptly, as a crash would. */
  get worker(): Worker {
    return this.current;
  }

  /** Resolves once a worker's connection is open and its first checkpoint ran, or it stopped first. */
  private startWorker(): Promise<void> {
    this.sqlite.pragma('wal_autocheckpoint = 0');
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file: this.file,
        intervalMs: this.intervalMs,
      },
    });
    this.current = worker;
    worker.unref();
    let failure: unknown = null;
    worker.on('error', (err) => {
      failure = err;
    });
    const started = new Promise<void>((resolve) => {
      worker.on('message', (message: unknown) => {
        if (message === 'started') {
          this.restartDelayMs = this.firstRestartDelayMs;
          resolve();
        } else if (typeof message === 'object' && message !== null && 'failed' in message) {
          this.log?.warn(
            { code: (message as { failed: string }).failed },
            'a WAL checkpoint failed; the worker tries again on its next tick',
          );
        } else if (typeof message === 'object' && message !== null && 'recovered' in message) {
          this.log?.info?.({}, 'WAL checkpoints succeed again');
        }
      });
      worker.once('exit', () => resolve());
    });
    this.exited = new Promise((resolve) => {
      worker.once('exit', (code) => {
        if (!this.stopping) {
          // The connection may be closed already if the process is ending; then there is nothing to hand back.
          if (this.sqlite.open) this.sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
          this.log?.warn(
            {
              err: failure instanceof Error ? { message: failure.message } : undefined,
              code,
              restartInMs: this.restartDelayMs,
            },
            'the WAL checkpoint worker stopped; ' +
              'the database connection checkpoints for itself until a new worker starts',
          );
          this.scheduleRestart();
        }
        resolve();
      });
    });
    return started;
  }

  private scheduleRestart(): void {
    const delay = this.restartDelayMs;
    this.restartDelayMs = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (!this.stopping && this.sqlite.open) void this.startWorker();
    }, delay);
    this.restartTimer.unref();
  }

  /** Ends the worker and closes its connection. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.current.postMessage('stop');
    await this.exited;
  }
}
