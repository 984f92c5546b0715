import { ChangePasswordBody, DeleteAccountBody, SessionList, SessionParams } from '../account.js';
import { OkBody } from '../common.js';
import { endpoint } from '../endpoint.js';

export const accountEndpoints = {
  sessions: endpoint({
    method: 'GET',
    path: '/api/account/sessions',
    summary: "The account's active sessions",
    tag: 'account',
    responses: { 200: SessionList },
  }),
  revokeSession: endpoint({
    method: 'DELETE',
    path: '/api/account/sessions/{id}',
    summary: 'Ends one of the account’s sessions',
    tag: 'account',
    params: SessionParams,
    responses: { 200: OkBody },
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/account/password',
    summary: 'Changes the password (the current one asked again); other sessions end',
    tag: 'account',
    body: ChangePasswordBody,
    responses: { 200: OkBody },
  }),
  deleteAccount: endpoint({
    method: 'POST',
    path: '/api/account/delete',
    summary: 'Deletes the account and its progress',
    tag: 'account',
    body: DeleteAccountBody,
    responses: { 200: OkBody },
  }),
};
