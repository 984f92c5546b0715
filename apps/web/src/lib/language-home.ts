import { useLocation } from 'react-router';
import { paths } from '@/config/paths';

/** The state a language home gives its links (`<Link state={fromHome(…)}>`): the pages they open lead back to it. */
export const fromHome = (home: string) => ({ home });

/**
 * Where "Back to {language}" leads: the language's home the learner came from (`/spanish`, or `/generic/spanish`
 * from Your languages), as its links named it (the browser keeps it through a reload), or `fallback` when they came
 * another way. A language has two homes; going back must not cross to the other.
 */
export function useLanguageHome(code: string, fallback: string = paths.language(code)): string {
  const home = (useLocation().state as { home?: unknown } | null)?.home;
  return home === paths.language(code) || home === paths.genericLanguage(code) ? home : fallback;
}
