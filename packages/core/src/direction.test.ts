import { describe, expect, it } from 'vitest';
import { DIRECTIONS, directionOf } from './direction.js';

describe('directionOf', () => {
  it('reads "reverse" from a URL and takes anything else as the default forward direction', () => {
    expect(DIRECTIONS).toEqual(['forward', 'reverse']);
    expect(directionOf('reverse')).toBe('reverse');
    expect(directionOf('forward')).toBe('forward');
    expect(directionOf('REVERSE')).toBe('forward');
    expect(directionOf(null)).toBe('forward');
    expect(directionOf(undefined)).toBe('forward');
  });
});
