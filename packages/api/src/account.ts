import { z } from 'zod';
import { SignupBody } from './auth.js';

/** One of the account's active sessions, as the account screen lists it. */
export const ActiveSession = z.object({
  /** A public id (a hash of the stored hash): enough to revoke it, useless as a cookie. */
  id: z.string(),
  /** The browser and system, read from its User-Agent ("Firefox on Linux"). */
  device: z.string(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  lastUsedAt: z.number(),
  /** The session of this very request. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSession>;

export const SessionList = z.object({ sessions: z.array(ActiveSession) });
export type SessionList = z.infer<typeof SessionList>;

export const SessionParams = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, 'Not a session id') });

/** The current password is asked again: a session left open on a shared computer must not be enough. */
export const ChangePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(1024),
  newPassword: SignupBody.shape.password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const DeleteAccountBody = z.object({ password: z.string().min(1, 'Enter your password').max(1024) });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;
