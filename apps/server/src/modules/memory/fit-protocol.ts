import type { DatabaseTarget } from '../../config.js';
import type { FitOutcome, FitRequest } from './fit-job.js';

/** What the server and its fit process (fit-process.ts) say to each other over the IPC channel. */

/** A learner whose log in a language has grown enough since their last fit. */
export interface FitCandidate {
  learnerId: string;
  language: string;
  reviews: number;
  /** The first of their reviews the discovery read: the fitter's cursor may not pass it before they are fitted. */
  firstId: number;
}

/** A command before the fitter numbers it. */
export type FitCommandBody = { type: 'discover'; afterId: number; now: number } | { type: 'fit'; request: FitRequest };
export type FitCommand = FitCommandBody & { id: number };

export type FitReply =
  | { id: number; type: 'discovered'; candidates: FitCandidate[]; lastId: number }
  | { id: number; type: 'fitted'; outcome: FitOutcome; ms: number; peakRssBytes: number }
  | { id: number; type: 'error'; message: string };

/** The fit process's environment variable holding the database to read (JSON of a DatabaseTarget). */
export const FIT_TARGET_ENV = 'VOCAB_FIT_DATABASE';
export type { DatabaseTarget };
