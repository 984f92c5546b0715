import { type AnswerReport, type LastAnswer, type QuizState, type StartQuizOptions, quizProgress, quizReducer, resumeQuiz, startQuiz } from '@vocab/core';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import type { AnswerCorrection, CorrectAnswer, ReportAnswer } from './lib/answer-report';
import type { QuizRun } from './offline/quiz-runs';
import { randomId } from './lib/random-id';

export interface UseQuizOptions extends StartQuizOptions {
  /** Sends each answer to the server; none for a quiz that keeps nothing (the secret one). */
  report?: ReportAnswer | undefined;
  /** Sends the learner's "Undo" and "I was right"; without it the quiz offers neither. */
  correct?: CorrectAnswer | undefined;
  /** Where to resume from, and where to keep the progress after each answer, so that a reload resumes the quiz. */
  run?: QuizRun | undefined;
}

export interface Quiz {
  state: QuizState;
  setInput: (value: string) => void;
  submit: () => void;
  /** Takes back the last answer; null when there is none to take back. */
  undo: (() => void) | null;
  /** "I was right": the last answer, judged wrong, counts as correct; null unless there is one. */
  overrule: (() => void) | null;
  /** Resolves once every answer and correction so far is in the answer queue (before asking for a new batch). */
  settled: () => Promise<void>;
}

/** An answer the hook sent: its id, and when it is in the queue, after which its corrections are queued. */
interface SentAnswer {
  answerId: string;
  queued: Promise<void>;
}

/**
 * The quiz engine of @vocab/core in a component: the reducer holds the state, this hook does what the pure
 * engine leaves to its host: it waits `advanceAfterMs` before `advance`, and sends the answers of the outbox,
 * and the corrections of them. The screen never waits for the server: answers go to the queue, which sends and
 * retries them and shows what it could not save; a correction is shown at once and queued after its answer.
 */
export function useQuiz({ report, correct, run, ...start }: UseQuizOptions): Quiz {
  const [state, dispatch] = useReducer(quizReducer, start, (options) => (run?.resume ? resumeQuiz(options, run.resume.progress) : startQuiz(options)));
  // One id per quiz, kept through a reload: the server treats a second answer to a word in the same session as practice.
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
  const track = useCallback(<T,>(promise: Promise<T>): Promise<T> => {
    inFlight.current.add(promise);
    void promise.finally(() => inFlight.current.delete(promise));
    return promise;
  }, []);

  useEffect(() => {
    if (state.advanceAfterMs === null) return;
    const timer = setTimeout(() => dispatch({ type: 'advance' }), state.advanceAfterMs);
    return () => clearTimeout(timer);
    // A new answer brings a new pendingAdvance, so each answer gets its own timer even with the same delay.
  }, [state.advanceAfterMs, state.pendingAdvance]);

  // Kept when an answer, an undo or an "I was right" changes it, not on each keystroke; an answer still shown
  // counts as moved on, so a reload during the pause does not ask its word again.
  const kept = useRef<string | undefined>(undefined);
  useEffect(() => {
    const progress = quizProgress(state);
    const text = JSON.stringify(progress);
    if (text === kept.current) return;
    kept.current = text;
    keepRef.current?.(progress, sessionId);
  }, [state, sessionId]);

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

  const last = state.lastAnswer;
  // A second click before the screen updates must not send the same correction twice.
  const corrected = useRef(new WeakSet<LastAnswer>());
  const correctLast = useCallback(
    (correction: AnswerCorrection) => {
      if (!last || corrected.current.has(last)) return;
      corrected.current.add(last);
      dispatch({ type: correction === 'undo' ? 'undo' : 'overrule' });
      const send = correctRef.current;
      const answer = sent.current.get(last.report);
      // Not sent yet: the engine dropped or corrected it in the outbox, and the server will hear only the result.
      if (!send || !answer) return;
      // Queued after the answer it corrects, so that the server hears them in that order.
      sent.current.set(last.report, { ...answer, queued: track(answer.queued.then(() => send(answer.answerId, correction))) });
    },
    [last, track],
  );
  const canCorrect = correct !== undefined && last !== null;
  const undo = useCallback(() => correctLast('undo'), [correctLast]);
  const overrule = useCallback(() => correctLast('i-was-right'), [correctLast]);

  const setInput = useCallback((value: string) => dispatch({ type: 'input', value }), []);
  const submit = useCallback(() => dispatch({ type: 'submit' }), []);
  const settled = useCallback(async () => {
    await Promise.all([...inFlight.current]);
  }, []);

  return {
    state,
    setInput,
    submit,
    undo: canCorrect ? undo : null,
    overrule: canCorrect && last.verdict === 'wrong' ? overrule : null,
    settled,
  };
}
