import fs from 'node:fs/promises';
import { WalFlushError } from './db-errors.js';

/** Flushes a file's written pages to the disk; replaced in tests to hold a flush open. */
export type FlushFile = (file: fs.FileHandle) => Promise<void>;

const fdatasync: FlushFile = (file) => file.datasync();

/**
 * The fsync that makes SQLite's commits durable, on libuv's thread pool instead of the event loop
 * (docs/decisions/0020-sqlite-commits-synced-off-the-event-loop.md). The connection runs with synchronous=NORMAL, so a
 * COMMIT only writes its pages into the WAL file; whoever committed then waits for `flushed()` before it answers.
 *
 * Flushes are shared: a flush covers every page written before it began, so all commits that finish while one flush
 * runs wait together for the next one, which begins when the running one ends. Under load one fsync serves a whole
 * stream of commits, and the event loop serves reads meanwhile.
 */
export class WalSync {
  private file: fs.FileHandle | null = null;
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;

  constructor(
    private readonly walFile: string,
    private readonly flushFile: FlushFile = fdatasync,
  ) {}

  /** Resolves once everything written to the WAL before this call is on the disk; rejects (WalFlushError) if not. */
  flushed(): Promise<void> {
    if (!this.running) return this.begin();
    // The running flush may have begun before this commit's pages were written: wait for one that begins after.
    this.next ??= this.running.then(this.afterRunning, this.afterRunning);
    return this.next;
  }

  private readonly afterRunning = (): Promise<void> => {
    this.next = null;
    return this.begin();
  };

  private begin(): Promise<void> {
    const flush = this.flush().finally(() => {
      if (this.running === flush) this.running = null;
    });
    this.running = flush;
    return flush;
  }

  private async flush(): Promise<void> {
    // Opened once and kept: SQLite keeps the WAL file (the same inode) for as long as its connection is open.
    // Closing another descriptor of a file drops the process's POSIX locks on it, but SQLite locks the database and
    // its -shm file, never the WAL.
    try {
      this.file ??= await fs.open(this.walFile, 'r');
      await this.flushFile(this.file);
    } catch (err) {
      throw new WalFlushError(err);
    }
  }

  /** Waits for the flushes asked for, then closes the WAL file. */
  async close(): Promise<void> {
    await Promise.allSettled([this.running, this.next]);
    await this.file?.close();
    this.file = null;
  }
}
