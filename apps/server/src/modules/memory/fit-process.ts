/**
 * The fit process: forked by the server (fitter.ts) for a pass of fits, it reads the review log from the database
 * itself and answers over IPC. It exists so that nothing a fit does can hurt the server: the optimizer is native
 * code that aborts its whole process on some inputs, and building its items for a large log takes seconds of CPU.
 * It only reads; the server writes what it returns.
 */
import { FSRSBindingItem, FSRSBindingReview, computeParameters } from '@open-spaced-repetition/binding';
import type { ItemReview } from '@vocab/core';
import { openDatabase } from '../../db/database.js';
import { findCandidates } from './fit-discovery.js';
import { fitLearner } from './fit-job.js';
import { FIT_TARGET_ENV, type DatabaseTarget, type FitCommand, type FitReply } from './fit-protocol.js';

const target = JSON.parse(process.env[FIT_TARGET_ENV] ?? 'null') as DatabaseTarget | null;
if (!target || !process.send) {
  console.error('fit-process: start it from the server (fitter.ts), with the database in the environment');
  process.exit(2);
}
const db = openDatabase(target, { queryTimeoutMs: 0 });

const optimize = (items: ItemReview[][]): Promise<number[]> =>
  computeParameters(
    items.map((item) => new FSRSBindingItem(item.map((r) => new FSRSBindingReview(r.rating, r.deltaT)))),
    { enableShortTerm: true },
  );

async function handle(command: FitCommand): Promise<FitReply> {
  if (command.type === 'discover') {
    const { candidates, lastId } = await findCandidates(db.kysely, command.afterId, command.now);
    return { id: command.id, type: 'discovered', candidates, lastId };
  }
  const started = performance.now();
  const outcome = await fitLearner(db.kysely, command.request, optimize);
  return {
    id: command.id,
    type: 'fitted',
    outcome,
    ms: performance.now() - started,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
  };
}

process.on('message', (command: FitCommand) => {
  handle(command).then(
    (reply) => process.send?.(reply),
    (err: unknown) =>
      process.send?.({
        id: command.id,
        type: 'error',
        message: err instanceof Error ? err.message : String(err),
      } satisfies FitReply),
  );
});
// The server went away (or closed the channel at the end of its pass): nothing is left to do.
process.on('disconnect', () => {
  void db.close().finally(() => process.exit(0));
});
