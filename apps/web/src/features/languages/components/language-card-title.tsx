import type { CSSProperties, ReactNode } from 'react';
import '../languages.css';

/**
 * A language card's name on the language's own colours (the card's `bg` and `fontColor`), after its
 * emblem. Every pair in the catalogue has at least AA contrast, in light and dark themes alike, as the band keeps
 * its colours in both.
 */
export function LanguageCardTitle({
  name,
  bg,
  fontColor,
  level = 2,
  emblem,
}: {
  name: string;
  bg: string;
  fontColor: string;
  level?: 2 | 3;
  emblem?: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const colours = { '--card-bg': bg, '--card-fg': fontColor } as CSSProperties;
  return (
    <Heading className="language-card-name" style={colours}>
      {emblem}
      {name}
    </Heading>
  );
}
