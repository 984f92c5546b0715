import { type Direction, type Language, primaryDirection } from '@vocab/core';

/**
 * A quiz or review page's query string: none for the language's own card, so the pages the original lists keep their
 * URLs.
 */
export const pageDirectionQuery = (language: Language, direction: Direction): string =>
  direction === primaryDirection(language.code) ? '' : `?direction=${direction}`;

/** What a card asks, in the language's own words: "Spanish → English" (recognise) or "English → Spanish" (recall). */
export const directionLabel = (language: Language, direction: Direction): string =>
  direction === 'recognise' ? `${language.name} → English` : `English → ${language.name}`;

/** What a page title adds for the language's other card (": English → Spanish"); nothing for its own. */
export const directionTitle = (language: Language, direction: Direction): string =>
  direction === primaryDirection(language.code) ? '' : `: ${directionLabel(language, direction)}`;
