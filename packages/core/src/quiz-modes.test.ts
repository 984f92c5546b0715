import { describe, expect, it } from 'vitest';
import { languageQuizMode, modeRules } from './quiz-modes.js';

describe('quiz modes', () => {
  it('encodes the original quizzes as data: every quiz moves on after a wrong answer', () => {
    expect({
      spanish: modeRules('spanish'),
      classic: modeRules('classic'),
      generic: modeRules('generic'),
      review: modeRules('review'),
      secret: modeRules('secret'),
      context: modeRules('context'),
      listen: modeRules('listen'),
    }).toEqual({
      spanish: { lowercaseInput: true, autoAcceptOnType: true, askMissedAgain: true },
      classic: { lowercaseInput: false, autoAcceptOnType: true, askMissedAgain: true },
      generic: { lowercaseInput: false, autoAcceptOnType: true, askMissedAgain: true },
      review: { lowercaseInput: false, autoAcceptOnType: true, askMissedAgain: false },
      secret: { lowercaseInput: false, autoAcceptOnType: false, askMissedAgain: false },
      context: { lowercaseInput: false, autoAcceptOnType: true, askMissedAgain: true },
      listen: { lowercaseInput: false, autoAcceptOnType: true, askMissedAgain: true },
    });
  });

  it('gives Spanish its own quiz and the others the classic one', () => {
    expect(languageQuizMode('spanish')).toBe('spanish');
    for (const code of ['french', 'german', 'italian', 'portuguese'] as const)
      expect(languageQuizMode(code)).toBe('classic');
  });
});
