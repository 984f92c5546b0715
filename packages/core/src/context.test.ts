import { describe, expect, it } from 'vitest';
import { clozeText, contextQuizItem, exampleSentence, ownExample, sentenceText } from './context.js';
import { ADVANCE_DELAY_MS, getLanguage } from './languages.js';
import { buildLexicon } from './lexicon.js';
import { quizReducer, startQuiz } from './quiz-engine.js';
import type { QuizEvent, QuizState } from './quiz-engine.js';

const es = getLanguage('spanish');
const de = getLanguage('german');

const hablan = exampleSentence('Ellos [hablan] mucho por teléfono.', 'They talk a lot on the phone.');
const casa = exampleSentence('[Casa] nueva, vida nueva.', 'New house, new life.');
const hauser = exampleSentence('Die [Häuser] hier sind sehr alt.', 'The houses here are very old.');

const run = (state: QuizState, ...events: QuizEvent[]): QuizState => events.reduce(quizReducer, state);
const type = (value: string): QuizEvent[] =>
  Array.from(value, (_, i) => ({ type: 'input', value: value.slice(0, i + 1) }) as QuizEvent);
const submit: QuizEvent = { type: 'submit' };
const advance: QuizEvent = { type: 'advance' };

/** The deck words the checker knows: the dictionary forms, as the lexicon call gives them. */
const lexicon = buildLexicon(
  [
    { word: 'hablar', article: '', translations: ['to speak', 'to talk'], hint: '' },
    { word: 'casa', article: 'la', translations: ['house'], hint: '' },
  ],
  es,
);

function contextQuiz(): QuizState {
  if (!hablan || !casa) throw new Error('the test sentences must parse');
  return startQuiz({
    mode: 'context',
    items: [contextQuizItem('1', hablan, es), contextQuizItem('2', casa, es)],
    lexicon,
  });
}

describe('example sentences', () => {
  it('splits a sentence around its bracketed form, and reads it without brackets or with a blank', () => {
    expect(hablan).toEqual({
      before: 'Ellos ',
      form: 'hablan',
      after: ' mucho por teléfono.',
      translation: 'They talk a lot on the phone.',
    });
    expect(hablan && sentenceText(hablan)).toBe('Ellos hablan mucho por teléfono.');
    expect(hablan && clozeText(hablan)).toBe('Ellos ___ mucho por teléfono.');
    expect(exampleSentence('', '')).toBeNull();
    expect(exampleSentence(null, undefined)).toBeNull();
    expect(exampleSentence('No brackets here at all.', 'x')).toBeNull();
  });

  it('asks the sentence with its form blanked and its English as the hint', () => {
    const state = contextQuiz();
    expect(state.current).toMatchObject({
      prompt: 'Ellos ___ mucho por teléfono.',
      hint: 'They talk a lot on the phone.',
      key: { accepted: ['hablan'], locale: 'es-ES' },
    });
  });
});

describe('the in-context quiz mode', () => {
  it('takes the form as it stands in the sentence the moment it is typed, in any letter case', () => {
    const first = run(contextQuiz(), ...type('Hablan'));
    expect(first.feedback).toMatchObject({ verdict: 'correct' });
    expect(first.outbox).toEqual([{ itemId: '1', verdict: 'correct', typed: 'Hablan', firstAttempt: true }]);
    // A sentence-initial capital is not asked for.
    const second = run(first, advance, ...type('casa'));
    expect(second.feedback).toMatchObject({ verdict: 'correct', expected: 'Casa' });
  });

  it('forgives one typo and a missing accent, as the other quizzes do', () => {
    const state = run(contextQuiz(), ...type('hablen'), submit);
    expect(state.feedback).toMatchObject({ verdict: 'almost', reason: 'typo', expected: 'hablan' });
    if (!hauser) throw new Error('the German sentence must parse');
    const german = startQuiz({ mode: 'context', items: [contextQuizItem('h', hauser, de)] });
    expect(run(german, ...type('Hauser'), submit).feedback).toMatchObject({
      verdict: 'almost',
      reason: 'accent',
      expected: 'Häuser',
    });
  });

  it('refuses the dictionary form where the sentence has another, names it, and moves on after the pause', () => {
    const state = run(contextQuiz(), ...type('hablar'), submit);
    expect(state.feedback).toMatchObject({
      verdict: 'wrong',
      expected: 'hablan',
      typedWord: { word: 'hablar', meaning: 'to speak' },
    });
    expect(state).toMatchObject({ readOnly: true, advanceAfterMs: ADVANCE_DELAY_MS });
    // The next word comes, unscored; the missed word comes back in a second round.
    const next = run(state, advance, ...type('Casa'), advance);
    expect(next.round.number).toBe(2);
    expect(next.current?.id).toBe('1');
    expect(next.outbox.map((r) => [r.itemId, r.verdict, r.firstAttempt])).toEqual([
      ['1', 'wrong', true],
      ['2', 'correct', true],
    ]);
  });
});

describe('ownExample', () => {
  it('says a word longer than its sentence is not in it, without building a pattern too large to compile', () => {
    const word = 'a'.repeat(100_000);
    expect(
      ownExample({ word, example: 'El gato duerme aquí.', translation: 'The cat sleeps here.', locale: 'es-ES' }),
    ).toEqual({
      error: expect.stringContaining('The sentence must contain'),
    });
  });

  it('keeps a bracketed sentence and brackets the word where it stands in one without brackets', () => {
    expect(
      ownExample({
        word: 'gato',
        example: 'El [gato] duerme aquí.  ',
        translation: 'The cat sleeps here.',
        locale: 'es-ES',
      }),
    ).toEqual({
      example: 'El [gato] duerme aquí.',
      translation: 'The cat sleeps here.',
    });
    expect(
      ownExample({
        word: 'gato',
        example: 'Mi Gato duerme mucho.',
        translation: 'My cat sleeps a lot.',
        locale: 'es-ES',
      }),
    ).toEqual({
      example: 'Mi [Gato] duerme mucho.',
      translation: 'My cat sleeps a lot.',
    });
    expect(
      ownExample({
        word: 'homme',
        example: "C'est l'homme du village.",
        translation: 'He is the man of the village.',
        locale: 'fr-FR',
      }),
    ).toEqual({
      example: "C'est l'[homme] du village.",
      translation: 'He is the man of the village.',
    });
  });

  it('has no sentence when both columns are empty, and says why a sentence is refused', () => {
    expect(ownExample({ word: 'gato', example: '', translation: '', locale: 'es-ES' })).toBeNull();
    expect(
      ownExample({
        word: 'gato',
        example: 'El perro duerme mucho.',
        translation: 'The dog sleeps a lot.',
        locale: 'es-ES',
      }),
    ).toEqual({
      error: expect.stringContaining('must contain “gato”'),
    });
    // Inside another word is not the word.
    expect(
      ownExample({
        word: 'gato',
        example: 'Los gatos duermen mucho.',
        translation: 'Cats sleep a lot.',
        locale: 'es-ES',
      }),
    ).toEqual({
      error: expect.stringContaining('must contain'),
    });
    expect(
      ownExample({
        word: 'gato',
        example: 'El [gato] y el [perro].',
        translation: 'The cat and the dog.',
        locale: 'es-ES',
      }),
    ).toEqual({
      error: expect.stringContaining('exactly one'),
    });
    expect(ownExample({ word: 'gato', example: 'El [gato].', translation: 'The cat.', locale: 'es-ES' })).toEqual({
      error: 'The sentence has 2 words; it needs 4 to 12.',
    });
    expect(ownExample({ word: 'gato', example: 'El [gato] duerme mucho.', translation: '', locale: 'es-ES' })).toEqual({
      error: expect.stringContaining('needs its translation'),
    });
    expect(
      ownExample({
        word: 'gato',
        example: 'El [gato] duerme mucho.',
        translation: 'The [cat] sleeps.',
        locale: 'es-ES',
      }),
    ).toEqual({
      error: expect.stringContaining('no brackets'),
    });
  });
});
