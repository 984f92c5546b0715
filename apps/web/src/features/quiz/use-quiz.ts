import {
  type AnswerReport,
  type LastAnswer,
  type QuizItem,
  type QuizState,
  type StartQuizOptions,
  type Verdict,
  quizProgress,
  quizReducer,
  resumeQuiz,
  startQuiz,
} from '@vocab/core';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { AnswerCorrection, CorrectAnswer, ReportAnswer } from './lib/answer-report';
import type { KeptAnswer, QuizRun } from './offline/quiz-runs';
import { randomId } from './lib/random-id';

export interface UseQuizOptions extends StartQuizOptions {
  /** Sends each answer to the server; none for a quiz that keeps nothing (the secret one). */
  report?: ReportAnswer | undefined;
  /** Sends the learner's "Undo" and "I was right"; without it the quiz offers neither. */
  correct?: CorrectAnswer | undefined;
  /** Where to resume from, and where to keep the progress after each answer, so that a reload resumes the quiz. */
  run?: QuizRun | undefined;
}

/** An answer as the screen names it once the quiz has moved on from its verdict ("Last answer"). */
export interface ShownAnswer {
  item: QuizItem;
  typed: string;
  verdict: Verdict;
}

export interface Quiz {
  state: QuizState;
  /**
   * The answer to name under the word asked: the engine's last answer, or, in a quiz resumed at the word after it,
   * the one the page named when it was reloaded. That one offers no "Undo": the id it was sent with is gone.
   */
  shownAnswer: ShownAnswer | null;
  setInput: (value: string) => void;
  submit: () => void;
  /** Takes back the last answer; null when there is none to take back. */
  undo: (() => void) | null;
  /** "I was right": the last answer, judged wrong, counts as correct; null unless there is one. */
  overrule: (() => void) | null;
  /** Resolves once every answer and correction so far is in the answer queue (before asking for a new batch). */
  settled: () => Promise<void>;
  /**
   * What the learner typed during the pause after a verdict, meant for the next word: it starts that word's field
   * when the pause ends (the rest of the word accepted mid-typing is left out by the screen).
   */
  typeAhead: (text: string) => void;
  /** "I don't know": shows the answer, and the word counts as not known. */
  dontKnow: () => void;
  /**
   * Enter during the pause after a verdict: ends it now; what was typed ahead starts the next word's field and is
   * its answer. Null when there is no pause.
   */
  skipPause: (() => void) | null;
}

/** An answer the hook sent: its id, and when it is in the queue, after which its corrections are queued. */
interface SentAnswer {
  answerId: string;
  queued: Promise<void>;
}

/**
 * Where a resumed quiz stood and the answer it named there; null when it named none, or that word is not in `items`.
 */
function resumedAnswer(
  resume: QuizRun['resume'] | undefined,
  items: readonly QuizItem[],
): { round: number; index: number; answer: ShownAnswer } | null {
  const kept = resume?.lastAnswer;
  const item = kept && items.find((i) => i.id === kept.itemId);
  if (!resume || !kept || !item) return null;
  return {
    round: resume.progress.round,
    index: resume.progress.index,
    answer: { item, typed: kept.typed, verdict: kept.verdict },
  };
}

/**
 * The quiz engine of @vocab/core in a component: the reducer holds the state, this hook does what the pure
 * engine leaves to its host: it waits `advanceAfterMs` before `advance`, and sends the answers of the outbox,
 * and the corrections of them. The screen never waits for the server: answers go to the queue, which sends and
 * retries them and shows what it could not save; a correction is shown at once and queued after its answer.
 */
export function useQuiz({ report, correct, run, ...start }: UseQuizOptions): Quiz {
  const [state, dispatch] = useReducer(quizReducer, start, (options) =>
    run?.resume ? resumeQuiz(options, run.resume.progress) : startQuiz(options),
  );
  // One id per quiz, kept through a reload: the server treats a second answer to a word in the same session as
  // practice.
  const [sessionId] = useState(() => run?.resume?.sessionId ?? randomId());

  const reportRef = useRef(report);
  const correctRef = useRef(correct);
  const keepRef = useRef(run?.keep);
  useLayoutEffect(() => {
    reportRef.current = report;
    correctRef.current = correct;
    keepRef.current = run?.keep;
  });

  // A report object is sent once even if an effect runs twice (React's StrictMode, a re-render in between).
  const sent = useRef(new WeakMap<AnswerReport, SentAnswer>());
  const inFlight = useRef(new Set<Promise<unknown>>());
  const track = useCallback(<T>(promise: Promise<T>): Promise<T> => {
    inFlight.current.add(promise);
    void promise.finally(() => inFlight.current.delete(promise));
    return promise;
  }, []);

  const typedAhead = useRef('');
  const advance = useCallback((submitCarried = false) => {
    const carried = typedAhead.current;
    typedAhead.current = '';
    dispatch({ type: 'advance' });
    if (carried) dispatch({ type: 'input', value: carried });
    // Only keys typed on make an answer: a plain Enter ends the pause and no more (an empty one could be taken for
    // "I don't know" on the next word).
    if (submitCarried && carried.trim() !== '') dispatch({ type: 'submit' });
  }, []);
  const skipPause = useCallback(() => advance(true), [advance]);
  const typeAhead = useCallback((text: string) => {
    typedAhead.current = text;
  }, []);

  useEffect(() => {
    if (state.advanceAfterMs === null) return;
    const timer = setTimeout(() => advance(), state.advanceAfterMs);
    return () => clearTimeout(timer);
    // A new answer brings a new pendingAdvance, so each answer gets its own timer even with the same delay.
  }, [state.advanceAfterMs, state.pendingAdvance, advance]);

  // The answer named when the page was reloaded, for as long as the quiz stands at the word it was resumed at.
  const [resumed] = useState(() => resumedAnswer(run?.resume, start.items));
  const last = state.lastAnswer;
  const atResume = resumed !== null && state.round.number === resumed.round && state.index === resumed.index;
  const shownAnswer = useMemo(
    () =>
      last ? { item: last.item, typed: last.report.typed, verdict: last.verdict } : atResume ? resumed.answer : null,
    [last, atResume, resumed],
  );

  // Kept when an answer, an undo or an "I was right" changes it, not on each keystroke; an answer still shown
  // counts as moved on, so a reload during the pause does not ask its word again, and names it under the next one.
  const kept = useRef<string | undefined>(undefined);
  useEffect(() => {
    const progress = quizProgress(state);
    const named: KeptAnswer | null = shownAnswer && {
      itemId: shownAnswer.item.id,
      typed: shownAnswer.typed,
      verdict: shownAnswer.verdict,
    };
    const text = JSON.stringify([progress, named]);
    if (text === kept.current) return;
    kept.current = text;
    keepRef.current?.(progress, sessionId, named);
  }, [state, shownAnswer, sessionId]);

  useEffect(() => {
    const outbox = state.outbox;
    if (outbox.length === 0) return;
    const send = reportRef.current;
    for (const item of outbox) {
      if (sent.current.has(item)) continue;
      const answerId = randomId();
      if (!send) continue;
      sent.current.set(item, { answerId, queued: track(send(item, { sessionId, answerId })) });
    }
    dispatch({ type: 'reportsTaken', count: outbox.length });
  }, [state.outbox, sessionId, track]);

  // A second click before the screen updates must not send the same correction twice.
  const corrected = useRef(new WeakSet<LastAnswer>());
  const correctLast = useCallback(
    (correction: AnswerCorrection) => {
      if (!last || corrected.current.has(last)) return;
      corrected.current.add(last);
      typedAhead.current = '';
      dispatch({ type: correction === 'undo' ? 'undo' : 'overrule' });
      const send = correctRef.current;
      const answer = sent.current.get(last.report);
      // Not sent yet: the engine dropped or corrected it in the outbox, and the server will hear only the result.
      if (!send || !answer) return;
      // Queued after the answer it corrects, so that the server hears them in that order.
      sent.current.set(last.report, {
        ...answer,
        queued: track(answer.queued.then(() => send(answer.answerId, correction))),
      });
    },
    [last, track],
  );
  const canCorrect = correct !== undefined && last !== null;
  const undo = useCallback(() => correctLast('undo'), [correctLast]);
  const overrule = useCallback(() => correctLast('i-was-right'), [correctLast]);

  const setInput = useCallback((value: string) => dispatch({ type: 'input', value }), []);
  const submit = useCallback(() => dispatch({ type: 'submit' }), []);
  const dontKnow = useCallback(() => dispatch({ type: 'dontKnow' }), []);
  const settled = useCallback(async () => {
    await Promise.all([...inFlight.current]);
  }, []);

  return {
    state,
    shownAnswer,
    setInput,
    submit,
    undo: canCorrect ? undo : null,
    // "I don't know" typed nothing that could have been right.
    overrule: canCorrect && last.verdict === 'wrong' && last.report.typed !== '' ? overrule : null,
    settled,
    typeAhead,
    dontKnow,
    skipPause: state.advanceAfterMs === null ? null : skipPause,
  };
}
