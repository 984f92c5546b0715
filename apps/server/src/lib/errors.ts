/**
 * Errors with an HTTP status and a stable code. The web app maps codes to the original app's error texts;
 * messages are for people reading the API, never stack traces.
 */
export class AppError extends Error {
  /** Headers the answer carries (a Retry-After). */
  readonly headers: Record<string, string> = {};

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** `error`, telling the client to try again after `seconds` (at least one). */
function retryAfter(error: AppError, seconds: number): AppError {
  error.headers['retry-after'] = String(Math.max(1, Math.ceil(seconds)));
  return error;
}

export const badRequest = (code: string, message: string) => new AppError(400, code, message);
export const unauthorized = (message = 'You need to log in.') => new AppError(401, 'unauthorized', message);
/** The request carried the cookie of a session that has ended (logged out from another device, or expired). */
export const sessionEnded = () => new AppError(401, 'session_ended', 'You were logged out. Log in to keep saving.');
export const invalidCredentials = () => new AppError(401, 'invalid_credentials', 'Incorrect username or password');
export const forbidden = (message = 'You cannot access this.') => new AppError(403, 'forbidden', message);
export const notFound = (what = 'That') => new AppError(404, 'not_found', `${what} was not found.`);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  retryAfter(new AppError(429, 'rate_limited', 'Too many attempts. Please wait and try again.'), retryAfterSeconds);
/** The database is away or cannot store anything for now: the client may retry after `retryAfterSeconds`. */
export const serviceUnavailable = (code: string, message: string, retryAfterSeconds: number) =>
  retryAfter(new AppError(503, code, message), retryAfterSeconds);
