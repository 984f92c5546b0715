/**
 * The two cards of a word (docs/decisions/0005-scheduling.md). `forward` is the card every screen of SPEC.md
 * schedules, each asking the way SPEC.md says, and the one "learned" counts. `reverse` is English → the foreign
 * word, practised on request (`?direction=reverse`), with its own schedule and log.
 */
export const DIRECTIONS = ['forward', 'reverse'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const DEFAULT_DIRECTION: Direction = 'forward';

/** A direction named in a URL; anything else, or none, is the default. */
export function directionOf(value: string | null | undefined): Direction {
  return value === 'reverse' ? 'reverse' : DEFAULT_DIRECTION;
}
