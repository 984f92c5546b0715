import { describe, expect, it } from 'vitest';
import { languageQuizMode, modeRules } from './quiz-modes.js';

describe('quiz modes', () => {
  it('encodes SPEC.md §4 as data, with a way on from every wrong answer', () => {
    expect({
      spanish: modeRules('spanish'),
      classic: modeRules('classic'),
      generic: modeRules('generic'),
      review: modeRules('review'),
      secret: modeRules('secret'),
      context: modeRules('context'),
    }).toEqual({
      spanish: { lowercaseInput: true, autoAcceptOnType: true, onWrong: 'retype', askMissedAgain: true },
      classic: { lowercaseInput: false, autoAcceptOnType: true, onWrong: 'next', askMissedAgain: true },
      generic: { lowercaseInput: false, autoAcceptOnType: true, onWrong: 'next', askMissedAgain: true },
      review: { lowercaseInput: false, autoAcceptOnType: true, onWrong: 'next', askMissedAgain: false },
      secret: { lowercaseInput: false, autoAcceptOnType: false, onWrong: 'next', askMissedAgain: false },
      context: { lowercaseInput: false, autoAcceptOnType: true, onWrong: 'retype', askMissedAgain: true },
    });
  });

  it('gives Spanish its own quiz and the others the classic one', () => {
    expect(languageQuizMode('spanish')).toBe('spanish');
    for (const code of ['french', 'german', 'italian', 'portuguese'] as const) expect(languageQuizMode(code)).toBe('classic');
  });
});
