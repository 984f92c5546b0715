import { describe, expect, it } from 'vitest';
import { getLanguage } from './languages.js';
import { cardPrompt } from './word-card.js';

const german = getLanguage('german');
const rest = { word: 'Rest', article: 'der', translations: ['rest', 'remainder'], hint: 'remainder' };

describe('cardPrompt', () => {
  it('drops a hint that only repeats a translation the English prompt shows', () => {
    expect(cardPrompt(rest, german, 'recall')).toEqual({ text: 'rest; remainder', hint: '' });
  });

  it('keeps the parts of a hint the prompt does not show', () => {
    expect(
      cardPrompt({ ...rest, translations: ['rest', 'change'], hint: 'remainder; money given back' }, german, 'recall')
        .hint,
    ).toBe('remainder; money given back');
    expect(cardPrompt({ ...rest, hint: 'Remainder; what is left' }, german, 'recall').hint).toBe('what is left');
    expect(cardPrompt({ ...rest, translations: ['to speak'], hint: 'speak' }, german, 'recall').hint).toBe('');
  });

  it('shows no hint beside the foreign word', () => {
    expect(cardPrompt(rest, german, 'recognise')).toEqual({ text: 'der Rest', hint: '' });
  });
});
