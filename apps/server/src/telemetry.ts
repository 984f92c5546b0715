import diagnostics from 'node:diagnostics_channel';

/**
 * What the server's parts report for the operator's metrics (plugins/metrics.ts), through Node's diagnostics
 * channels: the parts need not know whether metrics are on, and a message with no subscriber costs nothing.
 */

/** A SQLite group commit finished: how many pieces of work it carried, and how long each waited from its request. */
export const groupCommitChannel = diagnostics.channel('vocab:group-commit');
export interface GroupCommitMessage {
  size: number;
  waitSeconds: number[];
  ok: boolean;
}

/** A request failed because the database was away (`unavailable`) or could not store (`storage`). */
export const databaseErrorChannel = diagnostics.channel('vocab:database-error');
export interface DatabaseErrorMessage {
  kind: 'unavailable' | 'storage';
}

/** A memory-model fit ended (modules/memory/fitter.ts): `fitted`, `too-few` reviews, or `failed`. */
export const memoryFitChannel = diagnostics.channel('vocab:memory-fit');
export interface MemoryFitMessage {
  outcome: string;
}
