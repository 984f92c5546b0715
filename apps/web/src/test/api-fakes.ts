/**
 * What the fake API answers in screen tests: handlers typed from the endpoint declarations (`fake`), bodies shaped
 * by @vocab/api, and handlers for the session. Pass the handlers to the test's MSW server (`server.use(...)`);
 * nothing here starts a server.
 */
import {
  type AnyEndpoint,
  type Endpoint,
  type ErrorBody,
  type ErrorIssue,
  type LanguageCard,
  type LanguageCharts,
  type LanguageStats,
  type Summary,
  type UserData,
  type UserLanguage,
  allEndpoints,
} from '@vocab/api';
import { DEFAULT_DESIRED_RETENTION, type LanguageCode, getLanguage } from '@vocab/core';
import { type DefaultBodyType, http, type HttpHandler, HttpResponse, type JsonBodyType } from 'msw';
import type { z } from 'zod';

type Method = AnyEndpoint['method'];
type Declared<M extends Method, P extends string> = Extract<AnyEndpoint, { method: M; path: P }>;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Pins<E extends Endpoint> = E['params'] extends z.ZodType ? Partial<z.input<E['params']>> : never;

/** The body an endpoint answers with when it succeeds, as its declaration says. */
export type Answer<E extends Endpoint> = E extends Endpoint
  ? Extract<Parsed<E['responses'][Extract<keyof E['responses'], 200 | 201>]>, DefaultBodyType>
  : never;

/** What a fake received: the call's parameters, query and body, read by the endpoint's own schemas, and the request. */
export interface FakeCall<E extends Endpoint> {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: E['upload'] extends true ? string : Parsed<E['body']>;
  request: Request;
}

/**
 * A fake's answer: the success body (sent with the endpoint's success status), a response (an error from
 * `apiError`, another status, `HttpResponse.error()` for a network failure), or nothing to let the next handler answer.
 */
type FakeAnswer<E extends Endpoint> = Answer<E> | HttpResponse<Answer<E> | ErrorBody> | undefined;

/** What a fake of `method path` may answer: for helpers that take the answer from the test. */
export type Reply<M extends Method, P extends Extract<AnyEndpoint, { method: M }>['path']> = FakeAnswer<Declared<M, P>>;
type Resolver<E extends Endpoint> = (call: FakeCall<E>) => FakeAnswer<E> | Promise<FakeAnswer<E>>;

/**
 * An MSW handler for one declared endpoint, typed from its declaration: `fake('GET', '/api/{language}/stats', () =>
 * languageStats('spanish'))`, so a body the endpoint cannot answer fails typecheck. Pinned path parameters
 * (`{ language: 'spanish' }`) answer that language only; a request the declaration's parameters refuse (the
 * `/api/{language}` pattern also matches `/api/settings`) goes on to the next handler, and a query or body they
 * refuse is answered 400 as the server would.
 */
export function fake<M extends Method, P extends Extract<AnyEndpoint, { method: M }>['path']>(
  method: M,
  path: P,
  answer: NoInfer<Resolver<Declared<M, P>>>,
): HttpHandler;
export function fake<M extends Method, P extends Extract<AnyEndpoint, { method: M }>['path']>(
  method: M,
  path: P,
  pins: NoInfer<Pins<Declared<M, P>>>,
  answer: NoInfer<Resolver<Declared<M, P>>>,
): HttpHandler;
export function fake(
  method: Method,
  path: string,
  ...args: [Resolver<never>] | [Record<string, string>, Resolver<never>]
): HttpHandler {
  const [pins, answer] = (args.length === 1 ? [{}, args[0]] : args) as [
    Record<string, string | undefined>,
    Resolver<Endpoint>,
  ];
  const declaration: Endpoint | undefined = allEndpoints.find((e) => e.method === method && e.path === path);
  if (!declaration) throw new Error(`No endpoint is declared as ${method} ${path}`);
  const status = Math.min(...Object.keys(declaration.responses).map(Number));
  const route = path.replace(/\{(\w+)\}/g, (_, name: string) => pins[name] ?? `:${name}`);
  const handlerOf = { GET: http.get, POST: http.post, PATCH: http.patch, DELETE: http.delete }[method];
  return handlerOf(route, async ({ request, params }) => {
    const pathParams = declaration.params
      ? declaration.params.safeParse({ ...pins, ...params })
      : { success: true as const, data: undefined };
    if (!pathParams.success) return undefined;
    const url = new URL(request.url);
    const query = declaration.query
      ? declaration.query.safeParse(Object.fromEntries(url.searchParams))
      : { success: true as const, data: undefined };
    const text = await request.clone().text();
    const body =
      declaration.body && !declaration.upload
        ? declaration.body.safeParse(text ? JSON.parse(text) : undefined)
        : { success: true as const, data: text };
    if (!query.success || !body.success)
      return apiError(400, 'invalid_input', `The fake of ${method} ${path} refused the request`);
    const answered: unknown = await answer({
      params: pathParams.data,
      query: query.data,
      body: body.data,
      request,
    } as FakeCall<Endpoint>);
    return answered === undefined || answered instanceof Response
      ? answered
      : HttpResponse.json(answered as JsonBodyType, { status });
  });
}

/** The API's error answer, `{ error: { code, message, issues } }`, with its status (issues for invalid input). */
export const apiError = (
  status: number,
  code: string,
  message: string,
  issues?: ErrorIssue[],
): HttpResponse<ErrorBody> =>
  HttpResponse.json({ error: { code, message, ...(issues ? { issues } : {}) } }, { status });

/** A landing card as GET /api/languages sends it, from the real catalogue. */
export function languageCard(code: LanguageCode, totalWords: number): LanguageCard {
  const language = getLanguage(code);
  return {
    id: 1,
    language: language.name,
    languageLowerCase: code,
    source: `/images/${code}.svg`,
    languageHomePage: `/${code}`,
    isActive: language.active,
    bg: language.bg,
    fontColor: language.fontColor,
    totalWords,
  };
}

/** The six cards, with deck sizes unlike the original's fixed strings. */
export const LANGUAGE_CARDS: LanguageCard[] = [
  languageCard('spanish', 1132),
  languageCard('french', 1100),
  languageCard('german', 1508),
  languageCard('italian', 1100),
  languageCard('portuguese', 1453),
  languageCard('swedish', 1080),
];

export const languageStats = (language: LanguageCode, fields: Partial<LanguageStats> = {}): LanguageStats => ({
  language,
  totalWords: 1100,
  learnedCount: 0,
  percentLearned: 0,
  dueCount: 0,
  ...fields,
});

export const userLanguage = (language: LanguageCode, fields: Partial<UserLanguage> = {}): UserLanguage => ({
  ...languageStats(language, { learnedCount: 55, percentLearned: 5, dueCount: 2 }),
  wordsLearned: [],
  addedAt: 0,
  ...fields,
});

export const summary = (fields: Partial<Summary> = {}): Summary => ({
  streak: 3,
  todayAnswers: 5,
  dailyGoal: 20,
  goalMet: false,
  xp: 120,
  xpToday: 10,
  ...fields,
});

/** `n` days from `start` (YYYY-MM-DD), each with `count(i)`. */
export const dayCounts = (n: number, start: string, count: (i: number) => number = () => 0) =>
  Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    count: count(i),
  }));

/** GET /api/:language/progress: 90 days of history ending 2026-11-23, a 30-day forecast, nothing due. */
export const languageCharts = (fields: Partial<LanguageCharts> = {}): LanguageCharts => ({
  learnedOverTime: dayCounts(90, '2026-08-26'),
  reviewsPerDay: dayCounts(90, '2026-08-26'),
  retention: { desired: DEFAULT_DESIRED_RETENTION, actual: null, reviews: 0 },
  forecast: dayCounts(30, '2026-11-23'),
  dueNow: 0,
  nextDueAt: null,
  ...fields,
});

/** Every language's progress, for screens that only glance at it (a language home's "next review"). */
export const withCharts = (fields: Partial<LanguageCharts> = {}) =>
  fake('GET', '/api/{language}/progress', () => languageCharts(fields));

export const ACCOUNT: UserData = { _id: 'u1', username: 'ana' };

/** GET /api/auth/session for a logged-in account. */
export const asAccount = (user: UserData = ACCOUNT) => fake('GET', '/api/auth/session', () => ({ user }));

/** GET /api/auth/session for a visitor (or a guest): 200 with no user, as the server answers without an account. */
export const asVisitor = () => fake('GET', '/api/auth/session', () => ({ user: null }));
