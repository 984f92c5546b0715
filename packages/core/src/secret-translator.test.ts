import { describe, expect, it } from 'vitest';
import type { SecretPair } from './deck.js';
import { translateSecret, unknownWords } from './secret-translator.js';

const PAIRS: SecretPair[] = [
  { english: 'hello', secret: 'molani' },
  { english: 'friend', secret: 'tokalu' },
  { english: 'thank you', secret: 'kalisu' },
  { english: 'you', secret: 'sanu' },
  { english: 'good', secret: 'lesi' },
  { english: 'day', secret: 'rina' },
  { english: 'Anna', secret: 'Anena' },
];

const joined = (text: string, direction: 'toSecret' | 'toEnglish') =>
  translateSecret(text, PAIRS, direction)
    .map((t) => t.text)
    .join('');

describe('translateSecret', () => {
  it('translates English to the secret language word by word', () => {
    expect(joined('hello friend', 'toSecret')).toBe('molani tokalu');
  });

  it('translates the secret language back to English', () => {
    expect(joined('molani tokalu', 'toEnglish')).toBe('hello friend');
  });

  it('keeps punctuation, line breaks and spacing as typed', () => {
    expect(joined('  hello,  friend!\ngood day?', 'toSecret')).toBe('  molani,  tokalu!\nlesi rina?');
  });

  it('gives a capitalised result for a capitalised word, and a shouted one for a shouted word', () => {
    expect(joined('Hello friend. Good day', 'toSecret')).toBe('Molani tokalu. Lesi rina');
    expect(joined('HELLO', 'toSecret')).toBe('MOLANI');
    expect(joined('Molani', 'toEnglish')).toBe('Hello');
  });

  it('keeps names capitalised however they are typed', () => {
    expect(joined('hello anna', 'toSecret')).toBe('molani Anena');
    expect(joined('molani anena', 'toEnglish')).toBe('hello Anna');
  });

  it('matches a phrase of several words before its single words', () => {
    expect(joined('thank you, Anna', 'toSecret')).toBe('kalisu, Anena');
    expect(joined('Thank  you', 'toSecret')).toBe('Kalisu');
    expect(joined('kalisu', 'toEnglish')).toBe('thank you');
    expect(joined('you', 'toSecret')).toBe('sanu');
  });

  it('does not join the words of a phrase across punctuation or a line break', () => {
    expect(joined('thank, you', 'toSecret')).toBe('thank, sanu');
    expect(joined('thank\nyou', 'toSecret')).toBe('thank\nsanu');
  });

  it('keeps unknown words as typed and marks them', () => {
    const tokens = translateSecret('Hello big friend, Zoë!', PAIRS, 'toSecret');
    expect(tokens).toEqual([
      { text: 'Molani ', known: true },
      { text: 'big', known: false },
      { text: ' tokalu, ', known: true },
      { text: 'Zoë', known: false },
      { text: '!', known: true },
    ]);
    expect(unknownWords(tokens)).toEqual(['big', 'Zoë']);
  });

  it('treats a word with an apostrophe as one word', () => {
    const tokens = translateSecret("don't", PAIRS, 'toSecret');
    expect(tokens).toEqual([{ text: "don't", known: false }]);
  });

  it('does not translate in the wrong direction', () => {
    expect(unknownWords(translateSecret('molani', PAIRS, 'toSecret'))).toEqual(['molani']);
    expect(unknownWords(translateSecret('hello', PAIRS, 'toEnglish'))).toEqual(['hello']);
  });

  it('lists each unknown word once', () => {
    expect(unknownWords(translateSecret('zap zap hello', PAIRS, 'toSecret'))).toEqual(['zap']);
  });

  it('returns nothing for empty text and only known pieces for text without words', () => {
    expect(translateSecret('', PAIRS, 'toSecret')).toEqual([]);
    expect(translateSecret(' ?! ', PAIRS, 'toSecret')).toEqual([{ text: ' ?! ', known: true }]);
  });
});
