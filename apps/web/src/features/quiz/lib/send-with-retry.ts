import { ApiError } from '@/lib/api-client';

export interface RetryOptions {
  /** Attempts in all, the first included. */
  tries?: number;
  /** Wait before the second attempt; each further wait doubles. */
  firstDelayMs?: number;
}

/** Worth another try: the network failed, the server was busy or broke. A 4xx will fail the same way again. */
export function isTransient(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `send` until it succeeds, up to `tries` times with exponential backoff. Resolves true on success and
 * false when it gave up; it never rejects, so a caller can fire and forget. The caller makes retries safe to
 * repeat (an answer carries the same answerId on every attempt, and the server counts it once).
 */
export async function sendWithRetry(
  send: () => Promise<unknown>,
  { tries = 3, firstDelayMs = 500 }: RetryOptions = {},
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      await send();
      return true;
    } catch (err) {
      if (attempt >= tries || !isTransient(err)) return false;
      await wait(firstDelayMs * 2 ** (attempt - 1));
    }
  }
}
