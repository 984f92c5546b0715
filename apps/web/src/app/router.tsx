import { LANGUAGES } from '@vocab/core';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './routes/route-error';

/** Each screen is its own chunk: a quiz loads only what a quiz needs. */
type Loader = () => Promise<{ Component: React.ComponentType }>;
const page = (path: string, lazy: Loader): RouteObject => ({ path, lazy });

/**
 * The original app's per-language pages, for every language learners can practise (Swedish has its own "Coming
 * soon...").
 */
const PER_LANGUAGE = LANGUAGES.filter((l) => l.active).map((l) => l.code);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // While the first screen's chunk loads: an empty page (the HTML has nothing to hydrate), and no warning.
    hydrateFallbackElement: <div className="app" aria-busy="true" />,
    children: [
      page(paths.home, () => import('./routes/landing')),
      page(paths.about, () => import('./routes/about')),
      page(paths.contact, () => import('./routes/contact')),
      page(paths.signup, () => import('./routes/signup')),
      page(paths.login, () => import('./routes/login')),
      page(paths.forgotPassword, () => import('./routes/forgot-password')),
      page(paths.resetPassword, () => import('./routes/reset-password')),
      page(paths.confirmEmail, () => import('./routes/confirm-email')),
      page(paths.unsubscribe, () => import('./routes/unsubscribe')),
      page(paths.languagesOffered, () => import('./routes/languages-offered')),
      page(paths.userHome, () => import('./routes/user-home')),
      page(paths.userProfile, () => import('./routes/user-profile')),
      page(paths.addLanguage, () => import('./routes/add-language')),
      page(paths.settings, () => import('./routes/settings')),
      page('/stats/:language', () => import('./routes/language-stats')),
      page('/import/:language', () => import('./routes/language-import')),
      page('/own-words/:language', () => import('./routes/language-own-words')),
      page('/placement/:language', () => import('./routes/language-placement')),
      page('/context/:language', () => import('./routes/language-context')),
      page('/listen/:language', () => import('./routes/language-listen')),
      page('/generic/:language', () => import('./routes/generic-language')),
      page('/quiz/generic/:language', () => import('./routes/generic-quiz')),
      page('/review/generic/:language', () => import('./routes/generic-review')),
      ...PER_LANGUAGE.flatMap((code) => [
        page(paths.language(code), () => import('./routes/language-home')),
        page(paths.languageQuiz(code), () => import('./routes/language-quiz')),
        page(paths.languageReview(code), () => import('./routes/language-review')),
        page(paths.languageAddWords(code), () => import('./routes/language-add-words')),
      ]),
      page('/swedish', () => import('./routes/swedish')),
      page(paths.secret, () => import('./routes/secret-home')),
      page(paths.secretQuiz, () => import('./routes/secret-quiz')),
      page(paths.secretWords, () => import('./routes/secret-words')),
      page(paths.secretTranslator, () => import('./routes/secret-translator')),
      page('*', () => import('./routes/not-found')),
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
