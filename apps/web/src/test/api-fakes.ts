/**
 * What the fake API answers in screen tests: bodies shaped by @vocab/api, and MSW handlers for the session.
 * Pass the handlers to the test's MSW server (`server.use(...)`); nothing here starts a server.
 */
import type { ErrorIssue, LanguageCard, LanguageProgress, LanguageStats, Summary, UserData, UserLanguage } from '@vocab/api';
import { type LanguageCode, getLanguage } from '@vocab/core';
import { http, HttpResponse } from 'msw';

/** The API's error answer, `{ error: { code, message, issues } }`, with its status (issues for invalid input). */
export const apiError = (status: number, code: string, message: string, issues?: ErrorIssue[]) =>
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
  Array.from({ length: n }, (_, i) => ({ date: new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10), count: count(i) }));

/** GET /api/:language/progress: 90 days of history ending 2026-11-23, a 30-day forecast, nothing due. */
export const languageProgress = (fields: Partial<LanguageProgress> = {}): LanguageProgress => ({
  learnedOverTime: dayCounts(90, '2026-08-26'),
  reviewsPerDay: dayCounts(90, '2026-08-26'),
  retention: { desired: 0.9, actual: null, reviews: 0 },
  forecast: dayCounts(30, '2026-11-23'),
  dueNow: 0,
  nextDueAt: null,
  ...fields,
});

/** Every language's progress, for screens that only glance at it (a language home's "next review"). */
export const withProgress = (fields: Partial<LanguageProgress> = {}) => http.get('/api/:language/progress', () => HttpResponse.json(languageProgress(fields)));

export const ACCOUNT: UserData = { _id: 'u1', username: 'ana' };

/** GET /api/auth/session for a logged-in account. */
export const asAccount = (user: UserData = ACCOUNT) => http.get('/api/auth/session', () => HttpResponse.json({ user }));

/** GET /api/auth/session for a visitor (or a guest): 200 with no user, as the server answers without an account. */
export const asVisitor = () => http.get('/api/auth/session', () => HttpResponse.json({ user: null }));
