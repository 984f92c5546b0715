import { z } from 'zod';

import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@vocab/core';
import { isSingleScript } from './text-rules.js';

/**
 * A new username, in NFKC: compatibility forms fold into the plain letters they show ("ａｌｉｃｅ" is "alice"), and
 * letters from two scripts ("аlice" with a Cyrillic а) are refused, so no name can pass for another.
 */
export const Username = z
  .string()
  .trim()
  .transform((value) => value.normalize('NFKC'))
  .pipe(
    z
      .string()
      .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
      .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
      .regex(/^[\p{L}\p{N}._-]+$/u, 'Username may use letters, digits, ".", "_" and "-"')
      .refine(isSingleScript, 'Username must use the letters of one alphabet'),
  );

/** An email address as a learner types it: trimmed, at most 254 characters (RFC 5321's path limit). */
export const EmailAddress = z
  .string()
  .trim()
  .max(254, 'Email address must be at most 254 characters')
  .email('Enter an email address, like name@example.com');

export const SignupBody = z.object({
  username: Username,
  password: z
    .string()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
    .refine((value) => value.trim().length > 0, 'Password must not be only spaces'),
  /** Optional: an address to confirm (a link is mailed to it), for a forgotten password and reminders. */
  email: EmailAddress.optional(),
});
export type SignupBody = z.infer<typeof SignupBody>;

/** Login accepts any bounded strings: the policy of today must not lock out accounts made under another. */
export const LoginBody = z.object({
  username: z.string().trim().min(1).max(256),
  password: z.string().min(1).max(1024),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const UserData = z.object({ _id: z.string(), username: z.string() });
export type UserData = z.infer<typeof UserData>;

/** The user at the top level and in `userData`: clients of the original API read either. */
export const LoginResponse = UserData.extend({ userData: UserData });
export type LoginResponse = z.infer<typeof LoginResponse>;

/**
 * GET /api/auth/session: who the page belongs to. No session is an expected answer here (200, `user: null`), so a
 * visitor's page load logs no failed request; the original's page-load-login keeps its 401 for other clients.
 */
export const SessionResponse = z.object({ user: UserData.nullable() });
export type SessionResponse = z.infer<typeof SessionResponse>;
