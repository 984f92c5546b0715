/**
 * What a cache of rows needs to hear to stay true on its own instance: that a statement which may change its rows has
 * committed. The engines' connections report every statement they run (db/sqlite.ts `StatementCache`, the pg client
 * in db/database.ts), whoever sent it, so a cache does not depend on each writer remembering to tell it
 * (docs/decisions/0022-session-cache.md).
 */
export interface WatchedWrites {
  /** Whether a statement's SQL may change what the cache holds; asked once per distinct SQL text. */
  matches(sql: string): boolean;
  /** Called once the change is committed: after the statement, or after the end of the transaction it ran in. */
  committed(): void;
}

/** A connection's statements that could concern a watcher: only writes, told apart by their first word. */
const WRITE = /^\s*(update|delete|insert|replace|merge|with|truncate)\b/i;
/** Distinct SQL texts whose verdict is kept; variable-length IN lists make a few more than the app's statements. */
const VERDICTS_KEPT = 1_000;
const NONE: readonly WatchedWrites[] = [];

/** The watchers of one database handle. */
export class WriteWatch {
  private readonly watchers = new Set<WatchedWrites>();
  private readonly verdicts = new Map<string, readonly WatchedWrites[]>();

  /** Starts telling `watcher` of its writes; returns how to stop. */
  add(watcher: WatchedWrites): () => void {
    this.watchers.add(watcher);
    this.verdicts.clear();
    return () => {
      this.watchers.delete(watcher);
      this.verdicts.clear();
    };
  }

  /** The watchers a statement concerns. */
  concerned(sql: string): readonly WatchedWrites[] {
    if (this.watchers.size === 0 || !WRITE.test(sql)) return NONE;
    let found = this.verdicts.get(sql);
    if (!found) {
      found = [...this.watchers].filter((watcher) => watcher.matches(sql));
      if (this.verdicts.size >= VERDICTS_KEPT) this.verdicts.clear();
      this.verdicts.set(sql, found);
    }
    return found;
  }

  /** A tracker for one connection, which knows whether that connection is in a transaction. */
  connection(): ConnectionWatch {
    return new ConnectionWatch(this);
  }
}

/**
 * One connection's side of the watch: a watched write inside a transaction is told after the transaction ends
 * (committed or not: a needless call only empties a cache), one outside a transaction right after it ran.
 */
export class ConnectionWatch {
  private readonly owed = new Set<WatchedWrites>();

  constructor(private readonly watch: WriteWatch) {}

  /** Whether `ran` has anything to do for this statement: a watched write, or any statement while one is owed. */
  tracks(sql: string): boolean {
    return this.owed.size > 0 || this.watch.concerned(sql).length > 0;
  }

  /**
   * After a statement ran (or failed) on the connection. `inTransaction` is whether the connection is still in a
   * transaction after it: false after a COMMIT or ROLLBACK, and after a statement that committed on its own.
   */
  ran(sql: string, inTransaction: boolean): void {
    const concerned = this.watch.concerned(sql);
    if (inTransaction) {
      for (const watcher of concerned) this.owed.add(watcher);
      return;
    }
    for (const watcher of concerned) watcher.committed();
    if (this.owed.size === 0) return;
    const owed = [...this.owed];
    this.owed.clear();
    for (const watcher of owed) watcher.committed();
  }
}
