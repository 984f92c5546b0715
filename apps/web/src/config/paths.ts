import { type Direction, type LanguageCode, primaryDirection } from '@vocab/core';

/**
 * A quiz URL asking one of a word's two cards (`recognise`: the foreign word shown, English typed; `recall`: English
 * shown, the foreign word typed). The language's own card keeps the plain URL the original names; the other is named in
 * `?direction=` (the pages also take the older `forward` / `reverse`).
 */
export const withDirection = (quizUrl: string, code: LanguageCode, direction: Direction): string =>
  direction === primaryDirection(code) ? quizUrl : `${quizUrl}?direction=${direction}`;

/** Every URL of the app, in one place. */
export const paths = {
  home: '/',
  about: '/about',
  contact: '/contact',
  signup: '/signup',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  unsubscribe: '/unsubscribe',
  languagesOffered: '/languages-offered',
  userHome: '/user-home',
  userProfile: '/user-profile',
  addLanguage: '/add-language',
  settings: '/settings',
  language: (code: string) => `/${code}`,
  languageQuiz: (code: string) => `/${code}-quiz`,
  languageReview: (code: string) => `/${code}/up-for-review`,
  languageAddWords: (code: string) => `/${code}-add-words`,
  languageStats: (code: string) => `/stats/${code}`,
  languageImport: (code: string) => `/import/${code}`,
  languageOwnWords: (code: string) => `/own-words/${code}`,
  languagePlacement: (code: string) => `/placement/${code}`,
  languageContext: (code: string) => `/context/${code}`,
  languageListen: (code: string) => `/listen/${code}`,
  genericLanguage: (code: string) => `/generic/${code}`,
  genericQuiz: (code: string) => `/quiz/generic/${code}`,
  genericReview: (code: string) => `/review/generic/${code}`,
  secret: '/secret',
  secretQuiz: '/secret-quiz',
  secretWords: '/all-secret-language-words',
  secretTranslator: '/secret-translator',
  /** Login that returns the learner to `next` afterwards. */
  loginThen: (next: string) => `/login?next=${encodeURIComponent(next)}`,
} as const;
