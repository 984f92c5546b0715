import { describe, expect, it } from 'vitest';
import { editDistance } from './edit-distance.js';

describe('editDistance', () => {
  it.each([
    ['perro', 'perro', 0],
    ['', '', 0],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['perro', 'pero', 1], // deletion
    ['pero', 'perro', 1], // insertion
    ['perro', 'petro', 1], // substitution
    ['perro', 'prero', 1], // adjacent transposition
    ['ab', 'ba', 1],
    ['kitten', 'sitting', 3],
    ['ca', 'abc', 3], // optimal string alignment: a transposed pair is not edited again
  ])('%s → %s is %i', (a, b, expected) => {
    expect(editDistance(a, b)).toBe(expected);
    expect(editDistance(b, a)).toBe(expected);
  });

  it('counts code points, not UTF-16 units', () => {
    expect(editDistance('a😀b', 'ab')).toBe(1);
    expect(editDistance('😀', '😃')).toBe(1);
  });

  it('stops early and returns max + 1 once the bound is exceeded', () => {
    expect(editDistance('perro', 'gato', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 1)).toBe(2); // length difference alone
    expect(editDistance('kitten', 'sitting', 2)).toBe(3);
    expect(editDistance('perro', 'preo', 1)).toBe(2);
  });

  it('returns the exact distance when within the bound', () => {
    expect(editDistance('perro', 'preor', 2)).toBe(2);
    expect(editDistance('perro', 'perro', 1)).toBe(0);
    expect(editDistance('perro', 'perros', 1)).toBe(1);
  });
});
