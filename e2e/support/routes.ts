/**
 * The app's screens by route, as a visitor and as an account reach them: the accessibility check and the screenshots
 * walk them.
 */

/** Every route of the original a visitor reaches, with the stats page of ours. */
export const VISITOR_ROUTES = [
  '/',
  '/about',
  '/contact',
  '/signup',
  '/login',
  '/languages-offered',
  '/spanish',
  '/spanish-quiz',
  '/spanish/up-for-review',
  '/french',
  '/french-quiz',
  '/german',
  '/german-quiz',
  '/italian',
  '/italian-quiz',
  '/italian-add-words',
  '/italian/up-for-review',
  '/portuguese',
  '/portuguese-quiz',
  '/swedish',
  '/stats/spanish',
  '/placement/spanish',
  '/secret',
  '/secret-quiz',
  '/all-secret-language-words',
  '/secret-translator',
  '/no-such-page',
];

/** The logged-in-only routes, seen by an account that has added Spanish. */
export const ACCOUNT_ROUTES = [
  '/user-home',
  '/user-profile',
  '/add-language',
  '/settings',
  '/generic/spanish',
  '/quiz/generic/spanish',
  '/review/generic/spanish',
];
