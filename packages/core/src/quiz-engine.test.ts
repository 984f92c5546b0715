import { describe, expect, it } from 'vitest';
import { drawItems, quizProgress, quizReducer, resumeQuiz, startQuiz } from './quiz-engine.js';
import type { QuizEvent, QuizItem, QuizState, StartQuizOptions } from './quiz-engine.js';
import { ADVANCE_DELAY_MS, getLanguage } from './languages.js';
import { buildLexicon } from './lexicon.js';

const es = getLanguage('spanish');
const de = getLanguage('german');

/** English prompt, Spanish answer. */
function spanishItem(id: string, answer: string, article: string | null = null): QuizItem {
  return { id, prompt: `prompt ${id}`, key: { accepted: [answer], article, locale: es.locale, articles: es.articles } };
}

const casa = spanishItem('casa', 'casa', 'la');
const perro = spanishItem('perro', 'perro', 'el');
const nino = spanishItem('nino', 'niño', 'el');
const items = [casa, perro, nino];

function run(state: QuizState, ...events: QuizEvent[]): QuizState {
  return events.reduce(quizReducer, state);
}
const input = (value: string): QuizEvent => ({ type: 'input', value });
const submit: QuizEvent = { type: 'submit' };
const advance: QuizEvent = { type: 'advance' };

/** Types the answer (one event per keystroke, as the UI sends them) then presses Enter. */
function type(value: string): QuizEvent[] {
  return Array.from(value, (_, i) => input(value.slice(0, i + 1)));
}
function answer(value: string): QuizEvent[] {
  return [...type(value), submit];
}
/** Each word's events, then the move on to the next word. */
function turns(...words: QuizEvent[][]): QuizEvent[] {
  return words.flatMap((events) => [...events, advance]);
}

/** A word asked with an empty field the learner can type in, and no answer shown. */
const asking = { input: '', feedback: null, readOnly: false, advanceAfterMs: null };

function start(options: Partial<StartQuizOptions> & Pick<StartQuizOptions, 'mode'>): QuizState {
  return startQuiz({ items, ...options });
}

describe('startQuiz', () => {
  it('starts on the first item with an empty, editable input', () => {
    const state = start({ mode: 'generic' });
    expect(state).toMatchObject({
      index: 0,
      total: 3,
      current: casa,
      ...asking,
      score: 0,
      finished: false,
      result: null,
      outbox: [],
      round: { number: 1, items, wrong: [] },
    });
  });

  it('is finished at once with no items', () => {
    const state = startQuiz({ mode: 'review', items: [] });
    expect(state.finished).toBe(true);
    expect(state.current).toBeNull();
    expect(state.result).toEqual({ score: 0, total: 0 });
  });
});

describe('spanish mode', () => {
  it('lower-cases the input on every change, for the answer locale', () => {
    const state = run(start({ mode: 'spanish' }), input('CA'));
    expect(state.input).toBe('ca');
    const turkish = startQuiz({
      mode: 'spanish',
      items: [{ id: 'x', prompt: 'x', key: { accepted: ['ışık'], locale: 'tr' } }],
    });
    expect(run(turkish, input('I')).input).toBe('ı');
  });

  it('accepts a correct answer on the keystroke, locks the input and waits to advance', () => {
    const state = run(start({ mode: 'spanish' }), ...type('casa'));
    expect(state.feedback).toEqual({ verdict: 'correct', expected: 'la casa' });
    expect(state.readOnly).toBe(true);
    expect(state.advanceAfterMs).toBe(ADVANCE_DELAY_MS);
    expect(state.score).toBe(0); // the score rises when the quiz moves on
    expect(state.outbox).toEqual([{ itemId: 'casa', verdict: 'correct', typed: 'casa', firstAttempt: true }]);
  });

  it('raises the score and shows the next word on advance', () => {
    const state = run(start({ mode: 'spanish' }), ...type('casa'), advance);
    expect(state).toMatchObject({
      index: 1,
      current: perro,
      ...asking,
      score: 1,
    });
  });

  it('does not accept an almost answer mid-typing: it may be a word being typed', () => {
    const state = run(start({ mode: 'spanish' }), ...type('casa'), advance, ...type('perro'), advance, ...type('nino'));
    expect(state.current).toBe(nino);
    expect(state.feedback).toBeNull();
    expect(state.readOnly).toBe(false);
  });

  it('accepts an almost answer on Enter and shows the form to mind', () => {
    const state = run(startQuiz({ mode: 'spanish', items: [nino] }), ...answer('nino'));
    expect(state.feedback).toEqual({ verdict: 'almost', expected: 'el niño', reason: 'accent', diacritic: 'tilde' });
    expect(state.readOnly).toBe(true);
    expect(state.outbox).toEqual([{ itemId: 'nino', verdict: 'almost', typed: 'nino', firstAttempt: true }]);
    expect(run(state, advance)).toMatchObject({ score: 1, finished: true });
  });

  it('shows the answer after a wrong one for the delay, as every quiz does, then moves on unscored', () => {
    const state = run(start({ mode: 'spanish' }), ...answer('gato'));
    expect(state.current).toBe(casa);
    expect(state.feedback).toEqual({ verdict: 'wrong', expected: 'la casa' });
    expect(state).toMatchObject({ readOnly: true, input: 'gato', advanceAfterMs: ADVANCE_DELAY_MS });
    expect(state.outbox).toEqual([{ itemId: 'casa', verdict: 'wrong', typed: 'gato', firstAttempt: true }]);
    // A second Enter during the pause is no new answer.
    expect(run(state, submit)).toBe(state);
    const next = run(state, advance);
    expect(next).toMatchObject({ index: 1, current: perro, score: 0, input: '', feedback: null, readOnly: false });
    // The correction stays with the last answer, for the screen's "Last answer" line.
    expect(next.lastAnswer).toMatchObject({ item: casa, verdict: 'wrong' });
  });

  it('"I don\'t know" shows the answer and counts the word as not known, whatever was typed', () => {
    const state = run(start({ mode: 'spanish' }), ...type('ca'), { type: 'dontKnow' });
    expect(state.feedback).toEqual({ verdict: 'wrong', expected: 'la casa' });
    expect(state).toMatchObject({ readOnly: true, input: '', advanceAfterMs: ADVANCE_DELAY_MS });
    expect(state.outbox).toEqual([{ itemId: 'casa', verdict: 'wrong', typed: '', firstAttempt: true }]);
    // Not twice: the verdict is shown.
    expect(run(state, { type: 'dontKnow' })).toBe(state);
    expect(run(state, advance)).toMatchObject({ index: 1, score: 0, missed: ['casa'] });
  });

  it('takes an empty Enter as "I don\'t know" on a word never seen, and as a slip on any other', () => {
    const fresh = { ...casa, blankIsDontKnow: true };
    const state = run(startQuiz({ mode: 'generic', items: [fresh, perro] }), submit);
    expect(state.feedback).toEqual({ verdict: 'wrong', expected: 'la casa' });
    expect(state.outbox).toEqual([{ itemId: 'casa', verdict: 'wrong', typed: '', firstAttempt: true }]);
    // Spaces are no answer either.
    expect(run(startQuiz({ mode: 'generic', items: [fresh] }), input('  '), submit).outbox).toHaveLength(1);
    // A word seen before: nothing happens.
    const seen = run(state, advance, submit);
    expect(seen).toMatchObject({ current: perro, feedback: null, readOnly: false, outbox: state.outbox });
    // Missed, it comes back in the next round: seen by now, so an empty Enter is a slip there.
    const again = run(state, advance, ...type('perro'), advance);
    expect(again).toMatchObject({ round: { number: 2 }, current: fresh });
    expect(run(again, submit)).toBe(again);
  });

  it('finishes with "You got X / N" after the last word', () => {
    const state = run(start({ mode: 'spanish' }), ...turns(type('casa'), type('perro'), answer('niño')));
    expect(state).toMatchObject({ finished: true, index: 3, total: 3, current: null, readOnly: true, score: 3 });
    expect(state.result).toEqual({ score: 3, total: 3 });
  });
});

describe('classic mode', () => {
  const germanItems: QuizItem[] = [
    {
      id: 'haus',
      prompt: 'house',
      key: { accepted: ['Haus'], article: 'das', locale: de.locale, articles: de.articles },
    },
    {
      id: 'hund',
      prompt: 'dog',
      key: { accepted: ['Hund'], article: 'der', locale: de.locale, articles: de.articles },
    },
  ];

  it('keeps the input as typed (German nouns keep their capital)', () => {
    const state = run(startQuiz({ mode: 'classic', items: germanItems }), input('Ha'));
    expect(state.input).toBe('Ha');
  });

  it('accepts a correct answer on the keystroke, as the Spanish quiz', () => {
    const state = run(startQuiz({ mode: 'classic', items: germanItems }), ...type('das Haus'));
    expect(state.feedback).toEqual({ verdict: 'correct', expected: 'das Haus' });
    expect(state.readOnly).toBe(true);
    expect(run(state, advance)).toMatchObject({ score: 1, current: germanItems[1] });
  });

  it('shows the answer for the delay on a wrong answer, then moves on without scoring', () => {
    const state = run(startQuiz({ mode: 'classic', items: germanItems }), ...answer('Katze'));
    expect(state.feedback).toEqual({ verdict: 'wrong', expected: 'das Haus' });
    expect(state.readOnly).toBe(true);
    expect(state.advanceAfterMs).toBe(ADVANCE_DELAY_MS);
    expect(state.outbox).toEqual([{ itemId: 'haus', verdict: 'wrong', typed: 'Katze', firstAttempt: true }]);
    const next = run(state, advance);
    expect(next).toMatchObject({ index: 1, score: 0, current: germanItems[1], feedback: null, readOnly: false });
  });

  it('accepts almost on Enter: scored, and the form to mind is shown', () => {
    const strasse: QuizItem = {
      id: 'strasse',
      prompt: 'street',
      key: { accepted: ['Straße'], article: 'die', locale: de.locale, articles: de.articles },
    };
    const state = run(startQuiz({ mode: 'classic', items: [strasse] }), ...answer('strasse'));
    expect(state.feedback).toMatchObject({
      verdict: 'almost',
      expected: 'die Straße',
      reason: 'accent',
      diacritic: 'eszett',
    });
    expect(state.readOnly).toBe(true);
    expect(run(state, advance)).toMatchObject({ finished: true, result: { score: 1, total: 1 } });
  });

  it('does not forgive a typo in a short word: "Hnud" is wrong', () => {
    const state = run(startQuiz({ mode: 'classic', items: germanItems }), ...type('Haus'), advance, ...answer('Hnud'));
    expect(state.current?.id).toBe('hund');
    expect(state.feedback?.verdict).toBe('wrong');
  });

  it('asks the missed words again in a later round, as practice that scores nothing', () => {
    let state = run(startQuiz({ mode: 'classic', items: germanItems }), ...turns(answer('x'), answer('y')));
    expect(state).toMatchObject({ finished: false, index: 0, round: { number: 2, items: germanItems } });
    state = run(state, ...turns(type('Haus'), type('Hund')));
    expect(state).toMatchObject({ finished: true, score: 0, result: { score: 0, total: 2 } });
    expect(state.outbox.map((r) => r.firstAttempt)).toEqual([true, true, false, false]);
  });
});

describe('generic mode', () => {
  it('accepts a correct answer on the keystroke and scores it', () => {
    const state = run(start({ mode: 'generic' }), ...type('casa'), advance);
    expect(state).toMatchObject({ index: 1, score: 1 });
    expect(state.outbox).toEqual([{ itemId: 'casa', verdict: 'correct', typed: 'casa', firstAttempt: true }]);
  });

  it('reports a wrong answer, shows "Incorrect. {answer}" and moves on after the delay', () => {
    const state = run(start({ mode: 'generic' }), ...answer('gato'));
    expect(state.feedback).toEqual({ verdict: 'wrong', expected: 'la casa' });
    expect(state.readOnly).toBe(true);
    expect(state.advanceAfterMs).toBe(ADVANCE_DELAY_MS);
    const next = run(state, advance);
    expect(next).toMatchObject({ index: 1, current: perro, score: 0, round: { number: 1, wrong: [casa] } });
  });

  it('requeues the wrongly answered words into a new round, counted i / N of that round', () => {
    let state = run(start({ mode: 'generic' }), ...turns(answer('gato'), type('perro'), answer('x')));
    expect(state).toMatchObject({
      finished: false,
      index: 0,
      total: 2,
      current: casa,
      score: 1,
      round: { number: 2, items: [casa, nino], wrong: [] },
    });
    // Round 2: casa right, niño wrong again → round 3 with niño alone.
    state = run(state, ...type('casa'), advance, ...answer('nina'), advance);
    expect(state).toMatchObject({ index: 0, total: 1, current: nino, round: { number: 3, items: [nino] } });
    state = run(state, ...answer('niño'), advance);
    // The score is what was right the first time: the end screen can say so.
    expect(state).toMatchObject({ finished: true, score: 1, result: { score: 1, total: 3 } });
    // Only each word's first answer reschedules it.
    expect(state.outbox.map((r) => `${r.itemId}:${r.verdict}:${r.firstAttempt}`)).toEqual([
      'casa:wrong:true',
      'perro:correct:true',
      'nino:wrong:true',
      'casa:correct:false',
      'nino:wrong:false',
      'nino:correct:false',
    ]);
  });

  it('finishes when a round has no wrong answer', () => {
    const state = run(start({ mode: 'generic' }), ...turns(type('casa'), type('perro'), answer('niño')));
    expect(state).toMatchObject({ finished: true, round: { number: 1 }, result: { score: 3, total: 3 } });
  });

  it('does not requeue an almost answer', () => {
    const state = run(startQuiz({ mode: 'generic', items: [nino] }), ...answer('nino'), advance);
    expect(state.finished).toBe(true);
  });

  it('restarts with new items ("Learn 15 more words")', () => {
    const done = run(startQuiz({ mode: 'generic', items: [casa] }), ...type('casa'), advance);
    const next = quizReducer(done, { type: 'restart', items: [perro, nino] });
    expect(next).toMatchObject({
      finished: false,
      index: 0,
      total: 2,
      current: perro,
      score: 0,
      result: null,
      round: { number: 1, items: [perro, nino], wrong: [] },
    });
    expect(next.config).toBe(done.config);
  });

  it('keeps reports not yet taken across a restart, and treats the new session afresh', () => {
    const done = run(startQuiz({ mode: 'generic', items: [casa] }), ...type('casa'), advance);
    const next = run(done, { type: 'restart', items: [casa] }, ...type('casa'));
    expect(next.outbox.map((r) => r.firstAttempt)).toEqual([true, true]);
  });
});

describe('missed words come back in the session (spanish mode)', () => {
  it('asks a missed word again after the others, and it scores nothing', () => {
    let state = run(start({ mode: 'spanish' }), ...answer('gato'), advance);
    expect(state).toMatchObject({ current: perro, round: { number: 1, wrong: [casa] } });
    state = run(state, ...type('perro'), advance, ...answer('nada'), advance);
    expect(state).toMatchObject({ finished: false, current: casa, round: { number: 2, items: [casa, nino] } });
    state = run(state, ...type('casa'), advance, ...type('niño'), advance);
    expect(state).toMatchObject({ finished: true, score: 1, result: { score: 1, total: 3 } });
    // Only the first answer of each word reschedules it (docs/decisions/0005): the second round is practice.
    expect(state.outbox.filter((r) => r.firstAttempt).map((r) => r.itemId)).toEqual(['casa', 'perro', 'nino']);
    expect(state.outbox.filter((r) => !r.firstAttempt).map((r) => `${r.itemId}:${r.verdict}`)).toEqual([
      'casa:correct',
      'nino:correct',
    ]);
  });

  it('does not ask again a miss that was taken back or ruled right', () => {
    const undone = run(
      startQuiz({ mode: 'spanish', items: [casa] }),
      ...answer('gato'),
      { type: 'undo' },
      ...type('casa'),
      advance,
    );
    expect(undone).toMatchObject({ finished: true, result: { score: 1, total: 1 } });
    const overruled = run(
      startQuiz({ mode: 'classic', items: [casa] }),
      ...answer('gato'),
      { type: 'overrule' },
      advance,
    );
    expect(overruled).toMatchObject({ finished: true, result: { score: 1, total: 1 } });
  });
});

describe('a quiz resumed after a reload', () => {
  it('keeps its word, score and first attempts, counting an answer still shown as done', () => {
    const shown = run(start({ mode: 'spanish' }), ...type('casa'), advance, ...answer('gato'));
    const progress = quizProgress(shown);
    expect(progress).toEqual({
      round: 1,
      items: ['casa', 'perro', 'nino'],
      wrong: ['perro'],
      index: 2,
      score: 1,
      answered: ['casa', 'perro'],
      missed: ['perro'],
    });
    if (!progress) throw new Error('a running quiz has progress');
    const resumed = resumeQuiz({ mode: 'spanish', items }, JSON.parse(JSON.stringify(progress)) as typeof progress);
    expect(resumed).toMatchObject({
      index: 2,
      total: 3,
      current: nino,
      score: 1,
      input: '',
      feedback: null,
      readOnly: false,
      outbox: [],
    });
    // The missed word still comes back, and its second answer is practice.
    const next = run(resumed, ...type('niño'), advance, ...type('perro'));
    expect(next).toMatchObject({ round: { number: 2, items: [perro] } });
    expect(next.outbox.map((r) => [r.itemId, r.firstAttempt])).toEqual([
      ['nino', true],
      ['perro', false],
    ]);
  });

  it('has nothing to resume once over, and starts afresh from progress that does not fit the words', () => {
    expect(quizProgress(run(startQuiz({ mode: 'classic', items: [casa] }), ...type('casa')))).toBeNull();
    const other = { round: 1, items: ['gato', 'perro'], wrong: [], index: 1, score: 1, answered: ['gato'], missed: [] };
    expect(resumeQuiz({ mode: 'classic', items }, other)).toMatchObject({ index: 0, current: casa, score: 0 });
    expect(resumeQuiz({ mode: 'classic', items }, { ...other, items: ['casa'], index: 3 })).toMatchObject({
      index: 0,
      current: casa,
    });
  });
});

describe('review mode', () => {
  it('shows "Incorrect. {answer}" then moves on without requeue, and shows the result', () => {
    let state = run(start({ mode: 'review' }), ...answer('gato'));
    expect(state.feedback).toEqual({ verdict: 'wrong', expected: 'la casa' });
    state = run(state, advance, ...type('perro'), advance, ...answer('niño'), advance);
    expect(state).toMatchObject({ finished: true, score: 2, result: { score: 2, total: 3 }, round: { number: 1 } });
  });

  it('accepts a correct answer on the keystroke', () => {
    expect(run(start({ mode: 'review' }), ...type('casa')).feedback?.verdict).toBe('correct');
  });
});

describe('secret mode', () => {
  it('waits for Enter even when the input is correct', () => {
    const state = run(start({ mode: 'secret' }), ...type('casa'));
    expect(state.feedback).toBeNull();
    expect(state.readOnly).toBe(false);
    const checked = run(state, submit);
    expect(checked.feedback).toEqual({ verdict: 'correct', expected: 'la casa' });
    expect(run(checked, advance).score).toBe(1);
  });

  it('shows "incorrect.." with the answer and advances after the delay', () => {
    const state = run(start({ mode: 'secret' }), ...answer('gato'));
    expect(state.feedback).toEqual({ verdict: 'wrong', expected: 'la casa' });
    expect(state.advanceAfterMs).toBe(ADVANCE_DELAY_MS);
    expect(run(state, advance)).toMatchObject({ index: 1, score: 0 });
  });

  it('does not lower-case the input', () => {
    expect(run(start({ mode: 'secret' }), input('Casa')).input).toBe('Casa');
  });
});

describe('illegal actions are no-ops', () => {
  it('ignores input while read-only', () => {
    const state = run(start({ mode: 'generic' }), ...type('casa'));
    expect(quizReducer(state, input('casax'))).toBe(state);
  });

  it('ignores submit while an answer is shown', () => {
    const state = run(start({ mode: 'classic' }), ...answer('gato'));
    expect(quizReducer(state, submit)).toBe(state);
  });

  it('ignores a repeated Enter while a wrong answer is shown (no duplicate report)', () => {
    const state = run(start({ mode: 'classic' }), ...answer('gato'));
    expect(quizReducer(state, submit)).toBe(state);
  });

  it('ignores Enter on an empty input', () => {
    const state = start({ mode: 'generic' });
    expect(quizReducer(state, submit)).toBe(state);
    const blank = run(state, input('   '));
    expect(quizReducer(blank, submit)).toBe(blank);
  });

  it('ignores advance when nothing is pending', () => {
    const state = start({ mode: 'generic' });
    expect(quizReducer(state, advance)).toBe(state);
    const typing = run(state, input('ca'));
    expect(quizReducer(typing, advance)).toBe(typing);
  });

  it('ignores a second advance for the same answer', () => {
    const once = run(start({ mode: 'generic' }), ...type('casa'), advance);
    expect(quizReducer(once, advance)).toBe(once);
  });

  it('ignores input, submit and advance once finished', () => {
    const done = run(startQuiz({ mode: 'generic', items: [casa] }), ...type('casa'), advance);
    expect(done.finished).toBe(true);
    expect(quizReducer(done, input('x'))).toBe(done);
    expect(quizReducer(done, submit)).toBe(done);
    expect(quizReducer(done, advance)).toBe(done);
  });

  it('ignores an input event that changes nothing', () => {
    const state = run(start({ mode: 'generic' }), input('ca'));
    expect(quizReducer(state, input('ca'))).toBe(state);
  });

  it('never mutates the previous state', () => {
    const state = start({ mode: 'generic' });
    const snapshot: unknown = JSON.parse(JSON.stringify({ ...state, config: null }));
    run(state, ...answer('gato'), advance, { type: 'reportsTaken', count: 1 });
    expect({ ...state, config: null }).toEqual(snapshot);
  });
});

describe('reports', () => {
  it('removes only the reports the UI took', () => {
    const state = run(start({ mode: 'generic' }), ...answer('gato'), advance, ...type('perro'));
    expect(state.outbox).toHaveLength(2);
    const taken = quizReducer(state, { type: 'reportsTaken', count: 1 });
    expect(taken.outbox).toEqual([{ itemId: 'perro', verdict: 'correct', typed: 'perro', firstAttempt: true }]);
    expect(quizReducer(taken, { type: 'reportsTaken', count: 5 }).outbox).toEqual([]);
    expect(quizReducer(taken, { type: 'reportsTaken', count: 0 })).toBe(taken);
    expect(quizReducer(taken, { type: 'reportsTaken', count: -1 })).toBe(taken);
  });

  it('keeps the raw typed text', () => {
    const state = run(start({ mode: 'generic' }), ...answer('Gato.'));
    expect(state.outbox[0]?.typed).toBe('Gato.');
  });
});

describe('undo and "I was right"', () => {
  const undo: QuizEvent = { type: 'undo' };
  const overrule: QuizEvent = { type: 'overrule' };

  it('keeps the last answer until the next one, beyond the pause', () => {
    const state = run(start({ mode: 'classic' }), ...answer('gato'), advance);
    expect(state.lastAnswer).toMatchObject({ item: casa, verdict: 'wrong', report: { itemId: 'casa', typed: 'gato' } });
    const next = run(state, ...type('perro'));
    expect(next.lastAnswer).toMatchObject({ item: perro, verdict: 'correct' });
  });

  it('takes back an answer still shown: the word is asked again with an empty field and no pause', () => {
    const state = run(start({ mode: 'classic' }), ...type('casa'), undo);
    expect(state).toMatchObject({
      index: 0,
      current: casa,
      ...asking,
      score: 0,
    });
    expect(state.lastAnswer).toBeNull();
    // Answered again, it is a first attempt: the server no longer has the answer taken back.
    expect(run(state, ...type('casa')).outbox.at(-1)).toMatchObject({ firstAttempt: true });
  });

  it('takes back an answer after the quiz moved on: the score reverts and the word returns', () => {
    const state = run(start({ mode: 'spanish' }), ...type('casa'), advance, ...type('pe'));
    expect(state.score).toBe(1);
    const undone = run(state, undo);
    expect(undone).toMatchObject({ index: 0, current: casa, score: 0, input: '' });
  });

  it('takes back the last answer of a finished quiz, which goes on again', () => {
    const done = run(startQuiz({ mode: 'review', items: [casa] }), ...type('casa'), advance);
    expect(done.finished).toBe(true);
    expect(run(done, undo)).toMatchObject({ finished: false, result: null, current: casa, score: 0 });
  });

  it('drops an answer taken back before it was sent, and keeps one already sent for the host to take back', () => {
    const unsent = run(start({ mode: 'classic' }), ...type('casa'), undo);
    expect(unsent.outbox).toEqual([]);
    const sent = run(start({ mode: 'classic' }), ...type('casa'), { type: 'reportsTaken', count: 1 });
    const last = sent.lastAnswer?.report;
    expect(run(sent, undo).outbox).toEqual([]);
    expect(last).toMatchObject({ itemId: 'casa' });
  });

  it('turns a shown "Incorrect" into "Correct!", scored after the pause', () => {
    const state = run(start({ mode: 'classic' }), ...answer('gato'), { type: 'reportsTaken', count: 1 }, overrule);
    expect(state).toMatchObject({
      index: 0,
      input: 'gato',
      readOnly: true,
      feedback: { verdict: 'correct', expected: 'la casa' },
    });
    expect(state.lastAnswer?.verdict).toBe('correct');
    expect(state.outbox).toEqual([]);
    expect(run(state, advance)).toMatchObject({ index: 1, score: 1 });
  });

  it('lets the Spanish quiz move on, scored, once a wrong word is overruled during the pause', () => {
    const state = run(start({ mode: 'spanish' }), ...answer('gato'), overrule);
    expect(state).toMatchObject({ readOnly: true, pendingAdvance: { scored: true, requeue: false } });
    expect(state.outbox).toEqual([{ itemId: 'casa', verdict: 'correct', typed: 'gato', firstAttempt: true }]);
  });

  it('scores an overruled answer at once when the next word is already asked, keeping what is typed', () => {
    const state = run(start({ mode: 'classic' }), ...answer('gato'), advance, ...type('pe'), overrule);
    expect(state).toMatchObject({ index: 1, current: perro, score: 1, input: 'pe', feedback: null });
  });

  it('does not requeue an overruled word in the generic quiz, even once the next round began', () => {
    const missed = run(startQuiz({ mode: 'generic', items: [casa, perro] }), ...turns(type('casa'), answer('gato')));
    expect(missed).toMatchObject({ round: { number: 2, items: [perro] } });
    const right = run(missed, overrule);
    expect(right).toMatchObject({ finished: true, result: { score: 2, total: 2 } });
  });

  it('can take back an overruled answer, and ignores both when there is nothing to act on', () => {
    const overruled = run(start({ mode: 'classic' }), ...answer('gato'), overrule);
    expect(run(overruled, undo)).toMatchObject({ index: 0, score: 0, feedback: null, lastAnswer: null });
    // Only a wrong verdict can be overruled, and only once.
    const right = run(start({ mode: 'classic' }), ...type('casa'));
    expect(run(right, overrule)).toBe(right);
    expect(run(overruled, overrule)).toBe(overruled);
    const fresh = start({ mode: 'classic' });
    expect(run(fresh, undo)).toBe(fresh);
    // A new session starts with nothing to take back.
    expect(run(right, advance, { type: 'restart', items }).lastAnswer).toBeNull();
  });
});

describe('answer-check options', () => {
  it('passes strictAccents to the checker', () => {
    const state = run(startQuiz({ mode: 'generic', items: [nino], strictAccents: true }), ...answer('nino'));
    expect(state.feedback?.verdict).toBe('wrong');
  });

  it('passes otherAnswers to the checker', () => {
    const otherAnswers = new Set(['pero']);
    const state = run(startQuiz({ mode: 'generic', items: [perro], otherAnswers }), ...answer('pero'));
    expect(state.feedback?.verdict).toBe('wrong');
    const lenient = run(startQuiz({ mode: 'generic', items: [perro] }), ...answer('pero'));
    expect(lenient.feedback).toMatchObject({ verdict: 'almost', reason: 'typo' });
  });

  it('uses the advance delay it is given', () => {
    const state = run(startQuiz({ mode: 'generic', items, advanceDelayMs: 500 }), ...type('casa'));
    expect(state.advanceAfterMs).toBe(500);
  });
});

describe('drawItems', () => {
  /** A repeatable pseudo-random sequence (mulberry32). */
  function seeded(seed: number): () => number {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const pool = Array.from({ length: 80 }, (_, i) => i);

  it('draws n distinct items from the pool', () => {
    const drawn = drawItems(pool, 70, seeded(1));
    expect(drawn).toHaveLength(70);
    expect(new Set(drawn).size).toBe(70);
    for (const item of drawn) expect(pool).toContain(item);
  });

  it('is repeatable for the same random source and differs for another', () => {
    expect(drawItems(pool, 70, seeded(7))).toEqual(drawItems(pool, 70, seeded(7)));
    expect(drawItems(pool, 70, seeded(7))).not.toEqual(drawItems(pool, 70, seeded(8)));
  });

  it('leaves the pool untouched', () => {
    const copy = [...pool];
    drawItems(pool, 10, seeded(3));
    expect(pool).toEqual(copy);
  });

  it('returns the whole pool, shuffled, when n is larger', () => {
    expect(drawItems([1, 2, 3], 70, seeded(2)).sort()).toEqual([1, 2, 3]);
    expect(drawItems([1, 2, 3], 0, seeded(2))).toEqual([]);
    expect(drawItems([], 5, seeded(2))).toEqual([]);
  });

  it('stays inside the pool for edge values of random', () => {
    expect(drawItems([1, 2, 3], 3, () => 0)).toEqual([1, 2, 3]);
    expect(drawItems([1, 2, 3], 3, () => 1).sort()).toEqual([1, 2, 3]);
    expect(drawItems([1, 2, 3], 3, () => 0.999999).sort()).toEqual([1, 2, 3]);
  });

  it('gives every item a chance at every position', () => {
    const random = seeded(42);
    const firsts = new Set<number>();
    for (let i = 0; i < 200; i++) firsts.add(drawItems([0, 1, 2, 3], 1, random)[0] ?? -1);
    expect([...firsts].sort()).toEqual([0, 1, 2, 3]);
  });
});

describe('words of the language in a wrong answer', () => {
  const lexicon = buildLexicon(
    [
      { word: 'este', article: '', translations: ['this'], hint: 'before a noun' },
      { word: 'esto', article: '', translations: ['this'], hint: 'pronoun, neuter' },
      { word: 'sí', article: '', translations: ['yes'], hint: '' },
      { word: 'si', article: '', translations: ['if'], hint: '' },
    ],
    es,
  );
  const este: QuizItem = {
    id: 'este',
    prompt: 'this',
    hint: 'before a noun',
    key: { accepted: ['este'], locale: es.locale, articles: es.articles, meanings: ['this'] },
  };
  const yes: QuizItem = {
    id: 'si',
    prompt: 'yes',
    key: { accepted: ['sí'], locale: es.locale, articles: es.articles, meanings: ['yes'] },
  };

  it('takes another word with the asked meaning as also right: nothing recorded, the learner tries again', () => {
    for (const mode of ['classic', 'generic', 'spanish'] as const) {
      const state = run(startQuiz({ mode, items: [este], lexicon }), ...answer('esto'));
      expect(state.feedback).toEqual({
        verdict: 'wrong',
        expected: 'este',
        typedWord: { word: 'esto', meaning: 'this' },
        alsoRight: true,
      });
      expect(state).toMatchObject({
        readOnly: false,
        input: 'esto',
        pendingAdvance: null,
        outbox: [],
        lastAnswer: null,
      });
      const retried = run(state, input(''), ...type('este'));
      expect(retried.feedback?.verdict).toBe('correct');
      expect(retried.outbox).toEqual([{ itemId: 'este', verdict: 'correct', typed: 'este', firstAttempt: true }]);
    }
  });

  it('says which word a wrong answer is, and never forgives it as an accent slip', () => {
    const state = run(startQuiz({ mode: 'classic', items: [yes], lexicon }), ...answer('si'));
    expect(state.feedback).toEqual({
      verdict: 'wrong',
      expected: 'sí',
      diacritic: 'accent',
      typedWord: { word: 'si', meaning: 'if' },
    });
    expect(state.outbox).toEqual([{ itemId: 'si', verdict: 'wrong', typed: 'si', firstAttempt: true }]);
  });
});
