import { describe, expect, it } from 'vitest';
import { typedForNext } from './typed-ahead';

describe('typedForNext', () => {
  it('leaves out the rest of the word accepted mid-typing, and the space after it', () => {
    expect(typedForNext('t to', { judged: 'no', forms: ['no', 'not'], locale: 'en' })).toBe('to');
    expect(typedForNext('tto', { judged: 'no', forms: ['no', 'not'], locale: 'en' })).toBe('to');
  });

  it('gives the next word everything when nothing completes the word judged', () => {
    expect(typedForNext('la', { judged: 'house', forms: ['house'], locale: 'en' })).toBe('la');
    expect(typedForNext(' perro', { judged: 'zzz', forms: ['dog'], locale: 'en' })).toBe('perro');
  });

  it('compares without case', () => {
    expect(typedForNext('T a', { judged: 'No', forms: ['not'], locale: 'en' })).toBe('a');
  });
});
