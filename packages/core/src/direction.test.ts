import { describe, expect, it } from 'vitest';
import { DIRECTIONS, directionOf, otherDirection, primaryDirection, showsForeign } from './direction.js';

describe('directions', () => {
  it('names the two cards by what the learner does', () => {
    expect(DIRECTIONS).toEqual(['recognise', 'recall']);
    expect(showsForeign('recognise')).toBe(true);
    expect(showsForeign('recall')).toBe(false);
    expect(otherDirection('recall')).toBe('recognise');
  });

  it("makes each language's own card the one its original quiz asks", () => {
    expect(primaryDirection('spanish')).toBe('recognise');
    for (const language of ['french', 'german', 'italian', 'portuguese'] as const)
      expect(primaryDirection(language)).toBe('recall');
  });

  it('reads new names as they are, old ones per language, and anything else as the language default', () => {
    expect(directionOf('recall', 'spanish')).toBe('recall');
    expect(directionOf('recognise', 'french')).toBe('recognise');
    expect(directionOf('forward', 'spanish')).toBe('recognise');
    expect(directionOf('reverse', 'spanish')).toBe('recall');
    expect(directionOf('forward', 'german')).toBe('recall');
    expect(directionOf('reverse', 'german')).toBe('recognise');
    expect(directionOf('RECALL', 'spanish')).toBe('recognise');
    expect(directionOf(null, 'italian')).toBe('recall');
    expect(directionOf(undefined, 'spanish')).toBe('recognise');
  });
});
