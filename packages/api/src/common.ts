import { z } from 'zod';

/** Every error response: a stable code for programs, a sentence for people. */
export const ErrorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const OkBody = z.object({ ok: z.literal(true) });

export const StatusBody = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });
export type StatusBody = z.infer<typeof StatusBody>;
