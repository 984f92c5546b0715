import type { Settings } from '@vocab/api';

/** Puts a theme on the page: light-dark() colours follow the root's color-scheme. */
export function applyTheme(theme: Settings['theme']): void {
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}
