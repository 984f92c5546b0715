import { type Language, getLanguage, isLanguageCode } from '@vocab/core';
import { useLocation, useParams } from 'react-router';

/** The language a route names, when it is one learners can practise; null for anything else. */
export function activeLanguage(code: string | undefined): Language | null {
  return code !== undefined && isLanguageCode(code) && getLanguage(code).active ? getLanguage(code) : null;
}

/**
 * The language of the current route: its `:language` parameter (`/generic/spanish`), or the one the original's own
 * paths start with (`/spanish`, `/spanish-quiz`, `/spanish/up-for-review`, `/spanish-add-words`).
 */
export function useRouteLanguage(): Language | null {
  const { language } = useParams();
  const { pathname } = useLocation();
  return activeLanguage(language ?? /^\/([a-z]+)(?:-quiz|-add-words)?(?:\/|$)/.exec(pathname)?.[1]);
}
