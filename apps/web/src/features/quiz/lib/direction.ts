import type { Direction, Language } from '@vocab/core';

/**
 * The query string naming a card direction, for the API and for the quiz pages alike: none for forward, so the
 * calls and pages SPEC.md lists keep their URLs.
 */
export const directionQuery = (direction: Direction): string => (direction === 'forward' ? '' : `?direction=${direction}`);

/** What a page title adds for the reverse card (": English → Spanish"); nothing for the forward one. */
export const directionTitle = (language: Language, direction: Direction): string =>
  direction === 'reverse' ? `: English → ${language.name}` : '';
