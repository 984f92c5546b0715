import { describe, expect, it } from 'vitest';
import { QUIZ_MODES, languageQuizMode, modeRules } from './quiz-modes.js';

describe('quiz modes', () => {
  // Every quiz moves on after a wrong answer; they differ in these three rules.
  const rules = [
    // mode, lower-cases the input, accepts on the keystroke, asks missed words again
    ['spanish', true, true, true],
    ['classic', false, true, true],
    ['generic', false, true, true],
    ['review', false, true, false],
    ['secret', false, false, false],
    ['context', false, true, true],
    ['listen', false, true, true],
  ] as const;

  it.each(rules)(
    '%s: lower-cases %s, accepts on the keystroke %s, asks missed words again %s',
    (mode, lowercaseInput, autoAcceptOnType, askMissedAgain) => {
      expect(modeRules(mode)).toEqual({ lowercaseInput, autoAcceptOnType, askMissedAgain });
    },
  );

  it('has rules for the original quizzes and no other', () => {
    expect(rules.map(([mode]) => mode)).toEqual([...QUIZ_MODES]);
  });

  it('gives Spanish its own quiz and the others the classic one', () => {
    expect(languageQuizMode('spanish')).toBe('spanish');
    for (const code of ['french', 'german', 'italian', 'portuguese'] as const)
      expect(languageQuizMode(code)).toBe('classic');
  });
});
