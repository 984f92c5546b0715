import type { QueryResult } from 'kysely';

/**
 * Runs a statement at once on the connection; undefined when it must go by Kysely instead. It takes the SQL and its
 * values rather than Kysely's CompiledQuery, whose making (a frozen object and a random query id) is part of what it
 * spares.
 */
export type DirectRunner = (sql: string, parameters: readonly unknown[]) => QueryResult<unknown> | undefined;

/**
 * SQLite's write transactions, while open, with the way to run their statements at once. better-sqlite3 runs a
 * statement synchronously, and the group commit holds the one connection for the whole transaction
 * (db/group-commit.ts), so a statement of the transaction's work needs none of the queueing Kysely does for a query:
 * each of its awaited layers (the connection provider, the executor made for the query, the driver) allocates
 * promises and closures that an answer's seven statements pay for in garbage collection. Prepared queries
 * (db/prepared.ts) run this way inside such a transaction; everything else goes through Kysely as before.
 *
 * The SQLite database's own Kysely instance has a runner too, for its reads: one runs at once while the connection is
 * in no transaction (db/sqlite.ts `readIfIdle`), and waits its turn through Kysely otherwise.
 */
const open = new WeakMap<object, DirectRunner>();

/** Runs `work` with `runner` as the direct way to `trx`'s connection, for as long as the work runs. */
export async function withDirectRunner<T>(trx: object, runner: DirectRunner, work: () => Promise<T>): Promise<T> {
  open.set(trx, runner);
  try {
    return await work();
  } finally {
    open.delete(trx);
  }
}

/** Gives a SQLite database's Kysely instance its runner for reads, for as long as it lives. */
export const readDirectly = (kysely: object, runner: DirectRunner): void => {
  open.set(kysely, runner);
};

/** The direct way to a runner's connection: a SQLite write transaction that is open, or a SQLite database's reads. */
export const directRunnerOf = (runner: object): DirectRunner | undefined => open.get(runner);
