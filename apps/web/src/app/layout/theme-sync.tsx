import { useEffect } from 'react';
import { useSettings } from '@/lib/settings';

/** Applies the learner's theme to the page: light-dark() colours follow the root's color-scheme. */
export function ThemeSync() {
  const { data } = useSettings();
  const theme = data?.theme ?? 'system';
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);
  return null;
}
