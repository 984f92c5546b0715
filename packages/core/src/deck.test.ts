import { describe, expect, it } from 'vitest';
import { meaningKey } from './answer-checker.js';
import { parseDeck, promptHint, sharedMeaningProblems, sharedMeanings } from './deck.js';

const ES = ['el', 'la', 'los', 'las'];
const deck = (rows: string[], header = 'word\ttranslation\tpos\tarticle\tnote\thint'): string =>
  ['# a comment', header, ...rows].join('\n');

describe('parseDeck', () => {
  it('reads the hint column', () => {
    const { entries, problems } = parseDeck(deck(['tú\tyou\tpron\t\t\tinformal, one person']), ES);
    expect(problems).toEqual([]);
    expect(entries[0]).toMatchObject({ word: 'tú', translations: ['you'], hint: 'informal, one person', rank: 1 });
  });

  it('names the header it expects when a deck has another, and counts columns against it', () => {
    const { problems } = parseDeck(deck(['casa\thouse; home\tnoun\tla\t'], 'word\ttranslation\tpos\tarticle\tnote'), ES);
    expect(problems).toEqual([
      { line: 2, message: 'header must be: word | translation | pos | article | note | hint' },
      { line: 3, message: 'expected 6 tab-separated columns, found 5' },
    ]);
  });

  it('refuses a hint in parentheses or longer than a short phrase', () => {
    const { problems } = parseDeck(deck(['tú\tyou\tpron\t\t\t(informal)', `usted\tyou\tpron\t\t\t${'x'.repeat(41)}`]), ES);
    expect(problems.map((p) => p.line)).toEqual([3, 4]);
  });
});

describe('meaningKey', () => {
  it('compares translations without case, spacing or a leading to/the/a', () => {
    expect(meaningKey('To  Be')).toBe('be');
    expect(meaningKey('the house')).toBe(meaningKey('House'));
    expect(meaningKey('a lot')).toBe('lot');
  });
});

describe('sharedMeaningProblems', () => {
  const problemsOf = (rows: string[]) => {
    const text = deck(rows);
    return sharedMeaningProblems(text, parseDeck(text, ES).entries);
  };

  it('asks a hint of every entry sharing a translation with another of the same part of speech', () => {
    const problems = problemsOf(['ser\tto be\tverb\t\t\t', 'estar\tto be; to stay\tverb\t\t\tstate, location', 'casa\thouse\tnoun\tla\t\t']);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ line: 3 });
    expect(problems[0]?.message).toContain('"ser" shares "be"');
  });

  it('lets the part of speech tell entries apart', () => {
    expect(problemsOf(['que\tthat\tconj\t\t\t', 'eso\tthat\tpron\t\t\t'])).toEqual([]);
  });

  it('refuses equal hints for entries that share a meaning', () => {
    const problems = problemsOf(['tú\tyou\tpron\t\t\tinformal', 'vos\tyou\tpron\t\t\tinformal']);
    expect(problems.map((p) => p.message)).toEqual([expect.stringContaining('hints must differ')]);
  });

  it('passes hinted entries', () => {
    expect(problemsOf(['tú\tyou\tpron\t\t\tinformal, one person', 'usted\tyou\tpron\t\t\tformal, one person'])).toEqual([]);
  });
});

describe('promptHint', () => {
  it("shows the entry's hint, else its part of speech where another part of speech shares the meaning", () => {
    const { entries } = parseDeck(deck(['que\tthat\tconj\t\t\t', 'eso\tthat\tpron\t\t\t', 'tú\tyou\tpron\t\t\tinformal', 'usted\tyou\tpron\t\t\tformal', 'casa\thouse\tnoun\tla\t\t']), ES);
    const shared = sharedMeanings(entries);
    expect(entries.map((e) => promptHint(e, shared))).toEqual(['conjunction', 'pronoun', 'informal', 'formal', '']);
  });
});
