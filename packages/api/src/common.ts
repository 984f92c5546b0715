import { z } from 'zod';

/** One field a request got wrong: its path in the body, query or parameters (`email`, `lines.3.word`), and why. */
export const ErrorIssue = z.object({ path: z.string(), message: z.string() });
export type ErrorIssue = z.infer<typeof ErrorIssue>;

/**
 * Every error response: a stable code for programs, a sentence for people, and for a request that failed
 * validation (`invalid_input`) each field that was wrong.
 */
export const ErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string(), issues: z.array(ErrorIssue).optional() }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const OkBody = z.object({ ok: z.literal(true) });

/**
 * GET /api/status. `starting`: the server has not yet migrated its database (it was away at start); `degraded`: the
 * database does not answer (`database: down`) or cannot store (`writes: failing`, e.g. a full disk); `slow`: it
 * works, but the 99th percentile of the last minute's API answers took a second or more. `lastMinute`: this
 * instance's API requests of the last minute and their 99th percentile in milliseconds (null with none).
 */
export const StatusBody = z.object({
  status: z.enum(['ok', 'slow', 'starting', 'degraded']),
  database: z.enum(['up', 'down']),
  writes: z.enum(['failing']).optional(),
  lastMinute: z.object({ requests: z.number().int(), p99Ms: z.number().nullable() }).optional(),
});
export type StatusBody = z.infer<typeof StatusBody>;
