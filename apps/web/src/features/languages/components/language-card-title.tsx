import type { CSSProperties } from 'react';

/**
 * A language card's name on the language's own colours (the card's `bg` and `fontColor`, SPEC.md §3). Every pair in
 * the catalogue has at least AA contrast, in light and dark themes alike, as the band keeps its colours in both.
 */
export function LanguageCardTitle({ name, bg, fontColor, level = 2 }: { name: string; bg: string; fontColor: string; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const colours = { '--card-bg': bg, '--card-fg': fontColor } as CSSProperties;
  return (
    <Heading className="language-card-name" style={colours}>
      {name}
    </Heading>
  );
}
