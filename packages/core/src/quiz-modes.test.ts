import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from './languages.js';
import { QUIZ_MODES, languageQuizMode, modeRules } from './quiz-modes.js';

describe('modeRules', () => {
  it('encodes SPEC.md §4 as data', () => {
    expect(Object.fromEntries(QUIZ_MODES.map((mode) => [mode, modeRules(mode)]))).toEqual({
      spanish: { lowercaseInput: true, autoAcceptOnType: true, onWrong: 'stay', revealOnWrong: false },
      classic: { lowercaseInput: false, autoAcceptOnType: true, onWrong: 'next', revealOnWrong: false },
      generic: { lowercaseInput: false, autoAcceptOnType: true, onWrong: 'requeue', revealOnWrong: true },
      review: { lowercaseInput: false, autoAcceptOnType: true, onWrong: 'next', revealOnWrong: true },
      secret: { lowercaseInput: false, autoAcceptOnType: false, onWrong: 'next', revealOnWrong: false },
    });
  });

  it('reveals the answer with showCorrection, without changing the shared table', () => {
    expect(modeRules('classic', { showCorrection: true }).revealOnWrong).toBe(true);
    expect(modeRules('classic').revealOnWrong).toBe(false);
  });
});

describe('languageQuizMode', () => {
  it('gives Spanish its own quiz, Italian corrections, the others the classic quiz', () => {
    expect(languageQuizMode('spanish')).toEqual({ mode: 'spanish' });
    expect(languageQuizMode('italian')).toEqual({ mode: 'classic', showCorrection: true });
    for (const code of LANGUAGE_CODES.filter((c) => c !== 'spanish' && c !== 'italian')) {
      expect(languageQuizMode(code)).toEqual({ mode: 'classic', showCorrection: false });
    }
  });
});
