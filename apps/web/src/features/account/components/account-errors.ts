import { ApiError } from '@/lib/api-client';

/** What the account forms say when a call fails: the server's sentence where it speaks to the learner. */
export function accountErrorText(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Error: please try again.';
  if (err.code === 'wrong_password') return 'That is not your current password.';
  if (err.status === 429 || err.code === 'network' || err.status === 400) return err.message;
  if (err.status === 401) return 'Your session has ended. Please log in again.';
  return 'Error: please try again.';
}
