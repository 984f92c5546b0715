import { z } from 'zod';
import { EmailAddress, SignupBody } from './auth.js';

/** GET /api/account/email: the account's address, never anyone else's. */
export const AccountEmail = z.object({
  /** False when the server has no mail server configured: nothing can be confirmed or sent. */
  available: z.boolean(),
  /** The confirmed address, or null. */
  address: z.string().nullable(),
  /** An address waiting for its confirmation link to be opened, or null. */
  pending: z.string().nullable(),
});
export type AccountEmail = z.infer<typeof AccountEmail>;

export const SetEmailBody = z.object({ address: EmailAddress });
export type SetEmailBody = z.infer<typeof SetEmailBody>;

/** A link's token, as the mail carries it (base64url). */
export const LinkToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not complete: open it from the mail again.');

export const ConfirmEmailBody = z.object({ token: LinkToken });
/** GET /api/auth/reset-link: whether a reset link's token can still set a password (the page asks as it opens). */
export const ResetLinkQuery = z.object({ token: LinkToken });
export const ConfirmEmailResponse = z.object({ address: z.string() });

/** Forgot password: the address or the username; the answer is the same whether or not either exists. */
export const ForgotPasswordBody = z.object({
  identifier: z.string().trim().min(1, 'Enter your email address or username').max(320),
});
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ResetPasswordBody = z.object({ token: LinkToken, password: SignupBody.shape.password });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const Weekday = z.number().int().min(1).max(7);

/** The daily reminder's settings. */
export const ReminderSettings = z.object({
  enabled: z.boolean(),
  /** The hour of the day (0–23) in `timeZone`. */
  hour: z.number().int().min(0).max(23),
  /** An IANA time zone ("Europe/Madrid"). */
  timeZone: z.string().min(1).max(64),
  days: z.array(Weekday).max(7),
});
export type ReminderSettings = z.infer<typeof ReminderSettings>;

export const ReminderPatch = ReminderSettings.partial().strict();
export type ReminderPatch = z.infer<typeof ReminderPatch>;

export const ReminderState = ReminderSettings.extend({
  /** False without a mail server: the settings say reminders are unavailable. */
  available: z.boolean(),
  /** Reminders go only to a confirmed address. */
  emailConfirmed: z.boolean(),
});
export type ReminderState = z.infer<typeof ReminderState>;

/** An unsubscribe link's parameters: the learner and the server's signature of them. */
export const UnsubscribeQuery = z.object({
  u: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'This link is not complete: open it from the mail again.'),
  s: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not complete: open it from the mail again.'),
});

/**
 * The same link as opened in a browser or by a mail client: whatever it holds is passed on to the page, which says
 * when the link is incomplete (a person should see a page, not an error).
 */
export const UnsubscribeLinkQuery = z.object({ u: z.string().max(200).optional(), s: z.string().max(200).optional() });
