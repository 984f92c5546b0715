import { type AnswerReport, type QuizState, type StartQuizOptions, quizReducer, startQuiz } from '@vocab/core';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import type { ReportAnswer } from './lib/answer-report';
import { randomId } from './lib/random-id';

export interface UseQuizOptions extends StartQuizOptions {
  /** Sends each answer to the server; none for a quiz that keeps nothing (the secret one). */
  report?: ReportAnswer | undefined;
}

export interface Quiz {
  state: QuizState;
  setInput: (value: string) => void;
  submit: () => void;
  /** Answers that could not be saved after their retries. */
  unsaved: number;
  /** Resolves once every answer sent so far has been saved or given up on (before asking for a new batch). */
  settled: () => Promise<void>;
}

/**
 * The quiz engine of @vocab/core in a component: the reducer holds the state, this hook does what the pure
 * engine leaves to its host: it waits `advanceAfterMs` before `advance`, and sends the answers of the outbox.
 * The screen never waits for the server: answers are sent in the background and retried.
 */
export function useQuiz({ report, ...start }: UseQuizOptions): Quiz {
  const [state, dispatch] = useReducer(quizReducer, start, startQuiz);
  // One id per quiz: the server treats a second answer to a word in the same session as practice.
  const [sessionId] = useState(randomId);
  const [unsaved, setUnsaved] = useState(0);

  const reportRef = useRef(report);
  useLayoutEffect(() => {
    reportRef.current = report;
  });

  // A report object is sent once even if an effect runs twice (React's StrictMode, a re-render in between).
  const sent = useRef(new WeakSet<AnswerReport>());
  const inFlight = useRef(new Set<Promise<void>>());

  useEffect(() => {
    if (state.advanceAfterMs === null) return;
    const timer = setTimeout(() => dispatch({ type: 'advance' }), state.advanceAfterMs);
    return () => clearTimeout(timer);
    // A new answer brings a new pendingAdvance, so each answer gets its own timer even with the same delay.
  }, [state.advanceAfterMs, state.pendingAdvance]);

  useEffect(() => {
    const outbox = state.outbox;
    if (outbox.length === 0) return;
    const send = reportRef.current;
    for (const item of outbox) {
      if (sent.current.has(item)) continue;
      sent.current.add(item);
      if (!send) continue;
      const flight: Promise<void> = send(item, { sessionId }).then((saved) => {
        inFlight.current.delete(flight);
        if (!saved) setUnsaved((n) => n + 1);
      });
      inFlight.current.add(flight);
    }
    dispatch({ type: 'reportsTaken', count: outbox.length });
  }, [state.outbox, sessionId]);

  const setInput = useCallback((value: string) => dispatch({ type: 'input', value }), []);
  const submit = useCallback(() => dispatch({ type: 'submit' }), []);
  const settled = useCallback(async () => {
    await Promise.all([...inFlight.current]);
  }, []);

  return { state, setInput, submit, unsaved, settled };
}
