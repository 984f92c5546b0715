import { OkBody } from '../common.js';
import {
  AccountEmail,
  ConfirmEmailBody,
  ConfirmEmailResponse,
  ForgotPasswordBody,
  ReminderPatch,
  ReminderState,
  ResetPasswordBody,
  SetEmailBody,
  UnsubscribeQuery,
} from '../email.js';
import { endpoint } from '../endpoint.js';

/** The account's email address, password reset by email, and the daily reminder. */
export const emailEndpoints = {
  getEmail: endpoint({
    method: 'GET',
    path: '/api/account/email',
    summary: "The account's email address and one waiting for confirmation",
    tag: 'account',
    responses: { 200: AccountEmail },
  }),
  setEmail: endpoint({
    method: 'POST',
    path: '/api/account/email',
    summary: 'Sends a confirmation link to a new address; it is used once confirmed',
    tag: 'account',
    body: SetEmailBody,
    responses: { 202: AccountEmail },
  }),
  removeEmail: endpoint({
    method: 'DELETE',
    path: '/api/account/email',
    summary: "Removes the account's address (and one waiting for confirmation)",
    tag: 'account',
    responses: { 200: AccountEmail },
  }),
  exportAccount: endpoint({
    method: 'GET',
    path: '/api/account/export',
    summary: 'What the account holds besides its words (name, email address, reminder settings) as a JSON file',
    tag: 'account',
    responses: {},
    download: ['application/json'],
  }),
  confirmEmail: endpoint({
    method: 'POST',
    path: '/api/account/email/confirm',
    summary: 'Confirms an address by the token of its link (no session needed)',
    tag: 'account',
    body: ConfirmEmailBody,
    responses: { 200: ConfirmEmailResponse },
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/auth/forgot-password',
    summary: 'Mails a reset link to the account of a confirmed address or username; the same answer either way',
    tag: 'auth',
    body: ForgotPasswordBody,
    responses: { 202: OkBody },
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    summary: "Sets a new password by a reset link's token; every session of the account ends",
    tag: 'auth',
    body: ResetPasswordBody,
    responses: { 200: OkBody },
  }),
  getReminders: endpoint({
    method: 'GET',
    path: '/api/reminders',
    summary: "The account's daily reminder settings",
    tag: 'reminders',
    responses: { 200: ReminderState },
  }),
  setReminders: endpoint({
    method: 'PATCH',
    path: '/api/reminders',
    summary: 'Changes some of the daily reminder settings',
    tag: 'reminders',
    body: ReminderPatch,
    responses: { 200: ReminderState },
  }),
  unsubscribe: endpoint({
    method: 'POST',
    path: '/api/reminders/unsubscribe',
    summary: "Turns a learner's reminders off by a signed link (one-click: no session, any body)",
    tag: 'reminders',
    query: UnsubscribeQuery,
    responses: { 200: OkBody },
  }),
};
