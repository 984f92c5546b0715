import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DESIRED_RETENTION } from '@vocab/core';
import type { DatabaseTarget } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { Periodic } from '../../lib/periodic.js';
import { type MemoryFitMessage, memoryFitChannel } from '../../telemetry.js';
import {
  FIT_TARGET_ENV,
  type FitCandidate,
  type FitCommand,
  type FitCommandBody,
  type FitReply,
} from './fit-protocol.js';
import type { FitOutcome } from './fit-job.js';
import type { MemoryRepository } from './memory.repository.js';

export interface FitterOptions {
  /** A fit that runs longer is stopped (its process killed) and counted as failed. */
  fitTimeoutMs?: number;
  /**
   * How long a pass goes on fitting, by the server's clock: once spent, the learners left wait for the next pass
   * (a pass always fits one, so the cursor moves). Default: most of the interval when on a timer, else DEFAULT_PASS_MS.
   */
  passBudgetMs?: number;
  /** How long a claim on a learner's model lasts: longer than any fit. */
  leaseMs?: number;
}

export interface FitPassResult {
  candidates: number;
  fitted: number;
  tooFew: number;
  failed: number;
  /** Fit processes the pass started: none when no review was logged since the last pass looked. */
  processes: number;
  /** Steps of the review log the pass read (each at most DISCOVERY_STEP reviews). */
  steps: number;
  /** Each fit: who, how long, and the fit process's peak memory. */
  fits: Array<{
    learnerId: string;
    language: string;
    reviews: number;
    ms: number;
    peakRssBytes: number;
    outcome: FitOutcome['kind'] | 'failed';
  }>;
}

/** Finding the learners due a fit may read many new reviews after a restart: generous, but bounded. */
const DISCOVERY_TIMEOUT_MS = 120_000;
/** A pass's budget when run by hand (tests, benches): 80% of the default 10-minute interval. */
export const DEFAULT_PASS_MS = 8 * 60_000;
/** The share of the interval a pass on the timer may fit for: it has ended by the time the next one is due. */
const PASS_SHARE = 0.8;
/** Fits yield to answers: the fit process runs at a lower priority than the server (a nice value on Unix). */
const FIT_PRIORITY = 10;

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** The fit process's entry, beside this file in the build; tests running the sources use the build's. */
export function fitProcessEntry(): string {
  const here = fileURLToPath(import.meta.url);
  const dir = path.dirname(here);
  return path.join(here.endsWith('.ts') ? dir.replace(/([/\\])src([/\\]modules)/, '$1dist$2') : dir, 'fit-process.js');
}

/** A forked fit process: one command at a time, each answered or failed (by a timeout, or the process dying). */
class FitProcess {
  private readonly child: ChildProcess;
  private nextId = 1;
  private pending:
    { id: number; resolve(reply: FitReply): void; reject(err: Error): void; timer: NodeJS.Timeout } | undefined;
  private exited: Error | undefined;

  constructor(target: DatabaseTarget) {
    const entry = fitProcessEntry();
    if (!fs.existsSync(entry)) throw new Error(`the fit process ${entry} is missing: build the server (npm run build)`);
    this.child = fork(entry, [], {
      env: { ...process.env, [FIT_TARGET_ENV]: JSON.stringify(target) },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    try {
      if (this.child.pid !== undefined) os.setPriority(this.child.pid, FIT_PRIORITY);
    } catch {
      // Not permitted here (some containers): the fits run at the server's priority.
    }
    let stderr = '';
    this.child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2_000);
    });
    this.child.on('message', (reply: FitReply) => {
      if (this.pending?.id !== reply.id) return;
      const { resolve, timer } = this.pending;
      clearTimeout(timer);
      this.pending = undefined;
      resolve(reply);
    });
    this.child.on('exit', (code, signal) => {
      const lastLines = stderr ? `: ${stderr.trim().split('\n').slice(-3).join(' | ')}` : '';
      this.exited = new Error(`the fit process ended (${signal ?? `exit code ${code}`})${lastLines}`);
      this.fail(this.exited);
    });
    this.child.on('error', (err) => this.fail(err));
  }

  private fail(err: Error): void {
    if (!this.pending) return;
    const { reject, timer } = this.pending;
    clearTimeout(timer);
    this.pending = undefined;
    reject(err);
  }

  request(command: FitCommandBody, timeoutMs: number): Promise<FitReply> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise<FitReply>((resolve, reject) => {
      // The optimizer's own `timeout` option is a polling interval, not a limit: this one kills the process.
      const timer = setTimeout(() => {
        this.fail(new Error(`the fit took longer than ${timeoutMs} ms and was stopped`));
        this.child.kill('SIGKILL');
      }, timeoutMs);
      this.pending = { id, resolve, reject, timer };
      this.child.send({ ...command, id } satisfies FitCommand);
    });
  }

  get alive(): boolean {
    return this.exited === undefined;
  }

  close(): void {
    if (this.child.connected) this.child.disconnect();
    // A process that does not leave by itself within a few seconds is stopped.
    setTimeout(() => {
      if (!this.exited) this.child.kill('SIGKILL');
    }, 5_000).unref();
  }
}

/**
 * Fits each learner's memory model from their review log, off the answer's path: on a timer (and by `runOnce` in
 * tests and the benches), in a separate process, one learner after another while the pass's time lasts (a day's
 * 20,000 fits do not fit in 144 passes of a fixed few; docs/performance.md). Several instances may run it on one
 * database: a learner is claimed before a fit. Whatever happens to a fit (the optimizer aborting, a timeout, a
 * database error), the server goes on, the learner keeps the parameters they had, and a log line says what happened.
 */
export class MemoryFitter {
  private readonly periodic = new Periodic(() => this.runOnce());
  private passBudgetMs: number;

  private readonly target: DatabaseTarget;
  private readonly models: MemoryRepository;
  private readonly clock: Clock;
  private readonly log: Log;
  private readonly options: FitterOptions;

  constructor(deps: {
    target: DatabaseTarget;
    models: MemoryRepository;
    clock: Clock;
    log: Log;
    options?: FitterOptions;
  }) {
    ({ target: this.target, models: this.models, clock: this.clock, log: this.log, options: this.options = {} } = deps);
    this.passBudgetMs = this.options.passBudgetMs ?? DEFAULT_PASS_MS;
  }

  /**
   * One pass: find learners whose logs grew, fit them one after another in one fit process, store what came out;
   * then read the next step of the log, until no review is left to read or the pass's budget is spent. Never throws.
   */
  async runOnce(): Promise<FitPassResult> {
    const result: FitPassResult = { candidates: 0, fitted: 0, tooFew: 0, failed: 0, processes: 0, steps: 0, fits: [] };
    const timeoutMs = this.options.fitTimeoutMs ?? 120_000;
    const started = this.clock();
    const spent = () => this.clock() - started >= this.passBudgetMs;
    let child: FitProcess | undefined;
    const start = () => {
      result.processes++;
      return new FitProcess(this.target);
    };
    try {
      let afterId = await this.models.fitCursor();
      // Only new reviews make a candidate: without one there is nothing to look for, and no process to start.
      if (!(await this.models.reviewsAfter(afterId))) return result;
      let attempted = 0;
      for (;;) {
        if (!child?.alive) child = start();
        // Each step reads at most DISCOVERY_STEP reviews, under its own generous limit.
        const found = await child.request({ type: 'discover', afterId, now: this.clock() }, DISCOVERY_TIMEOUT_MS);
        if (found.type !== 'discovered') throw new Error(found.type === 'error' ? found.message : 'unexpected reply');
        result.steps++;
        result.candidates += found.candidates.length;
        // In the order of their first new review: the cursor then moves up to the first learner left for the next
        // pass (whose reviews are read again; those fitted meanwhile are not due again), so it never stands still.
        const ordered = [...found.candidates].sort((a, b) => a.firstId - b.firstId);
        let waiting: FitCandidate | undefined;
        for (const candidate of ordered) {
          if (attempted > 0 && spent()) {
            waiting = candidate;
            break;
          }
          if (!child.alive) child = start();
          await this.fitOne(candidate, { child, timeoutMs, result });
          attempted++;
        }
        await this.models.advanceFitCursor(waiting ? waiting.firstId - 1 : found.lastId);
        if (waiting || spent()) break;
        // Another instance may have read further meanwhile: the next step starts from the furthest.
        afterId = Math.max(found.lastId, await this.models.fitCursor());
        if (!(await this.models.reviewsAfter(afterId))) break;
      }
    } catch (err) {
      this.log.error(
        { err: err instanceof Error ? err.message : String(err) },
        'memory model: the fit pass failed; the next pass tries again',
      );
    } finally {
      child?.close();
    }
    // For the operator's metrics (plugins/metrics.ts), when they are on.
    for (const fit of result.fits) memoryFitChannel.publish({ outcome: fit.outcome } satisfies MemoryFitMessage);
    return result;
  }

  private async fitOne(
    candidate: FitCandidate,
    { child, timeoutMs, result }: { child: FitProcess; timeoutMs: number; result: FitPassResult },
  ): Promise<void> {
    const { learnerId, language } = candidate;
    const now = this.clock();
    if (
      !(await this.models.claim(candidate, {
        reviews: candidate.reviews,
        now,
        leaseMs: this.options.leaseMs ?? Math.max(10 * 60_000, 2 * timeoutMs),
      }))
    )
      return;
    try {
      const desiredRetention = (await this.models.desiredRetention(learnerId)) ?? DEFAULT_DESIRED_RETENTION;
      const reply = await child.request(
        { type: 'fit', request: { learnerId, language, desiredRetention, now } },
        timeoutMs,
      );
      if (reply.type === 'error') throw new Error(reply.message);
      if (reply.type !== 'fitted') throw new Error('unexpected reply');
      const { outcome } = reply;
      if (outcome.kind === 'too-few') {
        await this.models.saveTooFew(candidate, { reviews: outcome.reviews, usable: outcome.items }, now);
        result.tooFew++;
      } else {
        const rescheduled = await this.models.saveFitted(candidate, outcome, this.clock());
        result.fitted++;
        this.log.info(
          {
            learnerId,
            language,
            reviews: outcome.reviews,
            items: outcome.report.items,
            ms: Math.round(reply.ms),
            rescheduled,
          },
          'memory model fitted',
        );
      }
      result.fits.push({
        learnerId,
        language,
        reviews: outcome.reviews,
        ms: reply.ms,
        peakRssBytes: reply.peakRssBytes,
        outcome: outcome.kind,
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      result.failed++;
      result.fits.push({ learnerId, language, reviews: candidate.reviews, ms: 0, peakRssBytes: 0, outcome: 'failed' });
      this.log.warn(
        { learnerId, language, reviews: candidate.reviews, err: message },
        'memory model: a fit failed; the learner keeps their parameters and is tried again in a day',
      );
      await this.models
        .saveFailure(candidate, message, this.clock())
        .catch((e: unknown) => this.log.warn({ err: String(e) }, 'memory model: could not record a failed fit'));
    }
  }

  start(intervalMs: number, firstDelayMs = 60_000): void {
    this.passBudgetMs = this.options.passBudgetMs ?? intervalMs * PASS_SHARE;
    this.periodic.start(intervalMs, firstDelayMs);
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
