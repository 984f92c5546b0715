import { endpoint } from '../endpoint.js';
import { LoginBody, LoginResponse, SessionResponse, SignupBody, UserData } from '../auth.js';
import { OkBody } from '../common.js';

export const authEndpoints = {
  signup: endpoint({
    method: 'POST',
    path: '/api/auth/signup',
    summary: "Creates an account and logs it in (a guest's progress is kept)",
    tag: 'auth',
    body: SignupBody,
    responses: { 201: LoginResponse },
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Logs in',
    tag: 'auth',
    body: LoginBody,
    responses: { 200: LoginResponse },
  }),
  logout: endpoint({
    method: 'GET',
    path: '/api/auth/logout',
    summary: 'Ends this session',
    tag: 'auth',
    responses: { 200: OkBody },
  }),
  logoutEverywhere: endpoint({
    method: 'POST',
    path: '/api/auth/logout-everywhere',
    summary: 'Ends every session of the account',
    tag: 'auth',
    responses: { 200: OkBody },
  }),
  session: endpoint({
    method: 'GET',
    path: '/api/auth/session',
    summary: 'Who the page belongs to (`user: null` for a visitor or a guest)',
    tag: 'auth',
    responses: { 200: SessionResponse },
  }),
  pageLoadLogin: endpoint({
    method: 'GET',
    path: '/api/auth/page-load-login',
    summary: "The logged-in account's user (401 without one)",
    tag: 'auth',
    responses: { 200: UserData },
  }),
};
