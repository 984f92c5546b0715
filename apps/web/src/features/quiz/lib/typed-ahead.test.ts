import { describe, expect, it } from 'vitest';
import { typedForNext } from './typed-ahead';

describe('typedForNext', () => {
  it('leaves out the rest of the word accepted mid-typing, and the space after it', () => {
    expect(typedForNext('no', 't to', ['no', 'not'], 'en')).toBe('to');
    expect(typedForNext('no', 'tto', ['no', 'not'], 'en')).toBe('to');
  });

  it('gives the next word everything when nothing completes the word judged', () => {
    expect(typedForNext('house', 'la', ['house'], 'en')).toBe('la');
    expect(typedForNext('zzz', ' perro', ['dog'], 'en')).toBe('perro');
  });

  it('compares without case', () => {
    expect(typedForNext('No', 'T a', ['not'], 'en')).toBe('a');
  });
});
