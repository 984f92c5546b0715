import { describe, expect, it } from 'vitest';
import { getLanguage } from './languages.js';
import { buildLexicon } from './lexicon.js';
import { LISTEN_DIRECTION, listenQuizItem } from './listen.js';
import { quizReducer, startQuiz } from './quiz-engine.js';
import type { QuizEvent, QuizItem, QuizState } from './quiz-engine.js';
import { answerKey } from './word-card.js';

const es = getLanguage('spanish');
const de = getLanguage('german');
const fr = getLanguage('french');

const casa = { word: 'casa', article: 'la', translations: ['house', 'home'], hint: '' };
const hund = { word: 'Hund', article: 'der', translations: ['dog'], hint: '' };
const eau = { word: 'eau', article: 'la', translations: ['water'], hint: '' };
const ventana = { word: 'ventana', article: 'la', translations: ['window'], hint: '' };
const canon = { word: 'cañón', article: 'el', translations: ['canyon'], hint: '' };
const si = { word: 'sí', article: '', translations: ['yes'], hint: '' };
const siNo = { word: 'si', article: '', translations: ['if'], hint: '' };

const run = (state: QuizState, ...events: QuizEvent[]): QuizState => events.reduce(quizReducer, state);
const answer = (item: QuizItem, typed: string, lexicon = buildLexicon([casa, si, siNo], es)): QuizState =>
  run(startQuiz({ mode: 'listen', items: [item], lexicon }), { type: 'input', value: typed }, { type: 'submit' });

describe('listen and type', () => {
  it('says the word with its article, shows its English once answered, and reviews the recall card', () => {
    expect(LISTEN_DIRECTION).toBe('recall');
    expect(listenQuizItem('1', casa, es)).toEqual({
      id: '1',
      prompt: 'la casa',
      hint: 'house; home',
      key: answerKey(casa, es, 'recall'),
    });
    expect(listenQuizItem('2', hund, de).prompt).toBe('der Hund');
    expect(listenQuizItem('3', eau, fr).prompt).toBe("l'eau");
  });

  it('judges what was heard with the forgiving checker: case, a missing accent, one typo, the article optional', () => {
    const item = listenQuizItem('1', casa, es);
    expect(answer(item, 'casa').feedback?.verdict).toBe('correct');
    expect(answer(item, 'La Casa').feedback?.verdict).toBe('correct');
    expect(answer(listenQuizItem('5', ventana, es), 'ventanna').feedback).toMatchObject({
      verdict: 'almost',
      reason: 'typo',
      expected: 'la ventana',
    });
    expect(answer(listenQuizItem('6', canon, es), 'el canon').feedback).toMatchObject({
      verdict: 'almost',
      reason: 'accent',
      expected: 'el cañón',
    });
    expect(answer(listenQuizItem('4', si, es), 'si').feedback).toMatchObject({
      verdict: 'wrong',
      typedWord: { word: 'si', meaning: 'if' },
    });
  });

  it('asks for the German article, which the learner heard', () => {
    const item = listenQuizItem('2', hund, de);
    const lexicon = buildLexicon([hund], de);
    expect(answer(item, 'der Hund', lexicon).feedback?.verdict).toBe('correct');
    expect(answer(item, 'Hund', lexicon).feedback).toMatchObject({
      verdict: 'almost',
      reason: 'article',
      expected: 'der Hund',
    });
  });

  it('shows a missed word, and asks it again in the next round', () => {
    const item = listenQuizItem('1', casa, es);
    const missed = answer(item, 'cosa');
    expect(missed.feedback).toMatchObject({ verdict: 'wrong', expected: 'la casa' });
    const next = run(missed, { type: 'advance' });
    expect(next.round.number).toBe(2);
    expect(next.current?.id).toBe('1');
  });
});
