import { useEffect } from 'react';
import { useSettings } from '@/lib/settings';
import { applyTheme } from '@/lib/theme';

/** Applies the learner's saved theme to the page (the settings form previews a theme before it is saved). */
export function ThemeSync() {
  const { data } = useSettings();
  const theme = data?.theme ?? 'system';
  useEffect(() => applyTheme(theme), [theme]);
  return null;
}
