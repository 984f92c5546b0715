import { describe, expect, it } from 'vitest';
import { meaningKey } from './answer-checker.js';
import { exampleParts, exampleWords, parseDeck, promptHint, sharedMeaningProblems, sharedMeanings } from './deck.js';

const ES = ['el', 'la', 'los', 'las'];
const HEADER = 'word\ttranslation\tpos\tarticle\tnote\thint\texample\texample_translation';
/** A deck of `rows`; a row of six columns gets the two empty example columns. */
const deck = (rows: string[], header = HEADER): string =>
  ['# a comment', header, ...rows.map((r) => (r.split('\t').length === 6 ? `${r}\t\t` : r))].join('\n');

describe('parseDeck', () => {
  it('reads the hint column', () => {
    const { entries, problems } = parseDeck(deck(['tú\tyou\tpron\t\t\tinformal, one person']), ES);
    expect(problems).toEqual([]);
    expect(entries[0]).toMatchObject({ word: 'tú', translations: ['you'], hint: 'informal, one person', rank: 1 });
  });

  it('names the header it expects when a deck has another, and counts columns against it', () => {
    const { problems } = parseDeck(
      deck(['casa\thouse; home\tnoun\tla\t'], 'word\ttranslation\tpos\tarticle\tnote'),
      ES,
    );
    expect(problems).toEqual([
      {
        line: 2,
        message: 'header must be: word | translation | pos | article | note | hint | example | example_translation',
      },
      { line: 3, message: 'expected 8 tab-separated columns, found 5' },
    ]);
  });

  it('refuses a hint in parentheses or longer than a short phrase', () => {
    const { problems } = parseDeck(
      deck(['tú\tyou\tpron\t\t\t(informal)', `usted\tyou\tpron\t\t\t${'x'.repeat(41)}`]),
      ES,
    );
    expect(problems.map((p) => p.line)).toEqual([3, 4]);
  });
});

describe('example columns', () => {
  const one = (example: string, translation: string) =>
    parseDeck(deck([`casa\thouse\tnoun\tla\t\t\t${example}\t${translation}`]), ES);

  it('reads a sentence with its bracketed form and its translation', () => {
    const { entries, problems } = one('Mi [casa] es pequeña.', 'My house is small.');
    expect(problems).toEqual([]);
    expect(entries[0]).toMatchObject({ example: 'Mi [casa] es pequeña.', exampleTranslation: 'My house is small.' });
  });

  it('leaves both empty for an entry without a sentence', () => {
    const { entries, problems } = one('', '');
    expect(problems).toEqual([]);
    expect(entries[0]).toMatchObject({ example: '', exampleTranslation: '' });
  });

  it('refuses a sentence without its translation, and a translation without its sentence', () => {
    expect(one('Mi [casa] es pequeña.', '').problems.map((p) => p.message)).toEqual([
      '"casa": an example needs both the sentence and its translation',
    ]);
    expect(one('', 'My house is small.').problems).toHaveLength(1);
  });

  it('asks for exactly one bracketed span', () => {
    const message = '"casa": the example must mark the entry with exactly one [bracketed] span';
    expect(one('Mi casa es pequeña.', 'My house is small.').problems.map((p) => p.message)).toEqual([message]);
    expect(one('Mi [casa] es [pequeña].', 'My house is small.').problems.map((p) => p.message)).toEqual([message]);
    expect(one('Mi [casa es pequeña.', 'My house is small.').problems.map((p) => p.message)).toEqual([message]);
  });

  it('refuses brackets in the translation', () => {
    expect(one('Mi [casa] es pequeña.', 'My [house] is small.').problems.map((p) => p.message)).toEqual([
      '"casa": the example\'s translation takes no brackets',
    ]);
  });

  it('counts 4 to 12 words, punctuation left out', () => {
    expect(one('¡Mi [casa]!', 'My house!').problems.map((p) => p.message)).toEqual([
      '"casa": the example has 2 words; it needs 4 to 12',
    ]);
    const long = 'Mi [casa] es muy pequeña pero tiene un jardín grande y muy bonito.';
    expect(one(long, 'x').problems.map((p) => p.message)).toEqual([
      '"casa": the example has 13 words; it needs 4 to 12',
    ]);
    expect(one('Mi [casa] es pequeña — y bonita.', 'My house is small and pretty.').problems).toEqual([]);
  });

  it('splits a sentence around its span, and counts an elided word as one', () => {
    expect(exampleParts("C'est l'[homme] du village.")).toEqual({
      before: "C'est l'",
      form: 'homme',
      after: ' du village.',
    });
    expect(exampleParts('Er [ruft] mich morgen [an].')).toBeNull();
    expect(exampleWords("C'est l'[homme] du village.")).toEqual(["C'est", "l'homme", 'du', 'village']);
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
    const problems = problemsOf([
      'ser\tto be\tverb\t\t\t',
      'estar\tto be; to stay\tverb\t\t\tstate, location',
      'casa\thouse\tnoun\tla\t\t',
    ]);
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
    expect(problemsOf(['tú\tyou\tpron\t\t\tinformal, one person', 'usted\tyou\tpron\t\t\tformal, one person'])).toEqual(
      [],
    );
  });
});

describe('promptHint', () => {
  it("shows the entry's hint, else its part of speech where another part of speech shares the meaning", () => {
    const { entries } = parseDeck(
      deck([
        'que\tthat\tconj\t\t\t',
        'eso\tthat\tpron\t\t\t',
        'tú\tyou\tpron\t\t\tinformal',
        'usted\tyou\tpron\t\t\tformal',
        'casa\thouse\tnoun\tla\t\t',
      ]),
      ES,
    );
    const shared = sharedMeanings(entries);
    expect(entries.map((e) => promptHint(e, shared))).toEqual(['conjunction', 'pronoun', 'informal', 'formal', '']);
  });
});
