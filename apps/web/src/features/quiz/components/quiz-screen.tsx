import type { Feedback, QuizItem, QuizMode, QuizState } from '@vocab/core';
import { type FormEvent, type ReactNode, useEffect, useId, useLayoutEffect, useRef } from 'react';
import type { ReportAnswer } from '../lib/answer-report';
import { useQuiz } from '../use-quiz';
import { AccentButtons } from './accent-buttons';
import { SpeakButton } from './speak-button';

/** How the screen counts: a progress bar (index / total), "i / N", or the generic quiz's "word i / N". */
export type QuizCounter = 'progress' | 'count' | 'word-count';

export interface FinishedContext {
  result: { score: number; total: number };
  /** Resolves when the answers sent so far have been saved (or given up on): wait for it before a new batch. */
  settled: () => Promise<void>;
}

export interface QuizScreenProps {
  mode: QuizMode;
  /** Classic mode: show "Correct: {answer}" after a wrong answer (the Italian quiz). */
  showCorrection?: boolean;
  items: readonly QuizItem[];
  /** Label of the answer field ("Answer in English"). */
  answerLabel: string;
  /** BCP 47 language of the answer field and of the prompt, for spell-checkers and screen readers. */
  answerLang: string;
  promptLang: string;
  accents?: readonly string[];
  counter: QuizCounter;
  /** The secret quiz's button reads "check" (SPEC.md §4). */
  checkLabel?: string;
  /** Show "You got X / N correct" at the end; the generic quiz, which repeats until all are right, does not. */
  showResult?: boolean;
  report?: ReportAnswer;
  /** The links and buttons under "Quiz over". */
  finishedActions: (context: FinishedContext) => ReactNode;
  otherAnswers?: ReadonlySet<string>;
  /** The learner's setting: a missing or wrong accent is wrong, not forgiven. */
  strictAccents?: boolean;
  /** The learner's setting: read foreign prompts and answers aloud without a click. */
  autoSpeak?: boolean;
}

/** The text of a verdict, worded per quiz as SPEC.md §4 words it. */
export function feedbackText(feedback: Feedback, mode: QuizMode, revealOnWrong: boolean): ReactNode {
  if (feedback.verdict === 'correct') return 'Correct!';
  if (feedback.verdict === 'almost') {
    return `Correct — mind the ${feedback.reason === 'accent' ? 'accent' : 'spelling'}: ${feedback.expected}`;
  }
  if (mode === 'secret') return 'incorrect..';
  if (!revealOnWrong) return 'Incorrect';
  // The Italian quiz says "Incorrect", then "Correct: {answer}"; generic and review quizzes "Incorrect. {answer}".
  if (mode === 'classic') {
    return (
      <>
        Incorrect <span className="quiz-correction">Correct: {feedback.expected}</span>
      </>
    );
  }
  return `Incorrect. ${feedback.expected}`;
}

function Counter({ state, counter }: { state: QuizState; counter: QuizCounter }) {
  const { index, total } = state;
  if (counter === 'progress') {
    const percent = total === 0 ? 100 : Math.round((index / total) * 100);
    return (
      <div className="quiz-progress">
        <div
          className="progress"
          role="progressbar"
          aria-label="Progress"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={index}
          aria-valuetext={`${index} / ${total}`}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
        <span className="quiz-counter" aria-hidden="true">
          {index} / {total}
        </span>
      </div>
    );
  }
  const position = Math.min(index + 1, total);
  return (
    <p className="quiz-counter">
      {counter === 'word-count' ? 'word ' : ''}
      {position} / {total}
    </p>
  );
}

/**
 * Every quiz of the app: the one engine (via useQuiz) behind one screen. Routes configure it: the mode, the
 * items in their direction, how answers reach the server and what to offer at the end.
 */
export function QuizScreen(props: QuizScreenProps) {
  const { mode, showCorrection, items, report, otherAnswers, strictAccents } = props;
  const quiz = useQuiz({ mode, showCorrection, items, report, otherAnswers, strictAccents });
  const { state } = quiz;

  if (state.finished) {
    return <QuizFinished state={state} showResult={props.showResult ?? true} settled={quiz.settled} actions={props.finishedActions} />;
  }
  return <QuizQuestion {...props} quiz={quiz} />;
}

function QuizQuestion({
  quiz,
  answerLabel,
  answerLang,
  promptLang,
  accents = [],
  counter,
  checkLabel = 'Check',
  autoSpeak = false,
}: QuizScreenProps & { quiz: ReturnType<typeof useQuiz> }) {
  const { state, setInput, submit, unsaved } = quiz;
  const inputRef = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const inputId = useId();
  const feedbackId = useId();
  const promptId = useId();

  // The field keeps the focus for the whole quiz: on every new word, and after a click anywhere in the quiz.
  useEffect(() => {
    inputRef.current?.focus();
  }, [state.index, state.round.number]);

  // After an accent is inserted, the caret goes right after it rather than to the end.
  useLayoutEffect(() => {
    const at = caret.current;
    if (at === null || !inputRef.current) return;
    caret.current = null;
    inputRef.current.setSelectionRange(at, at);
  }, [state.input]);

  const insert = (text: string) => {
    const field = inputRef.current;
    if (!field) return;
    field.focus();
    if (state.readOnly) return;
    const start = field.selectionStart ?? field.value.length;
    const end = field.selectionEnd ?? start;
    caret.current = start + text.length;
    setInput(field.value.slice(0, start) + text + field.value.slice(end));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    inputRef.current?.focus();
    submit();
  };

  const { feedback, current } = state;
  const verdictClass = feedback ? ` is-${feedback.verdict}` : '';

  return (
    <div className="quiz">
      <div className="quiz-status">
        <Counter state={state} counter={counter} />
        <p className="quiz-score">Score: {state.score}</p>
      </div>
      {state.round.number > 1 ? <p className="hint">Round {state.round.number}: the words you missed.</p> : null}

      <form className="quiz-form" onSubmit={onSubmit} noValidate>
        {/* Live: the field keeps the focus, so a screen reader would not otherwise hear the next word. */}
        <p id={promptId} className="quiz-prompt" aria-live="polite">
          Translate: <strong lang={promptLang}>{current?.prompt}</strong>
          <SpeakButton text={current?.prompt ?? ''} locale={promptLang} auto={autoSpeak} />
        </p>
        <label htmlFor={inputId}>{answerLabel}</label>
        <div className="quiz-answer">
          <input
            ref={inputRef}
            id={inputId}
            className={`quiz-input${verdictClass}`}
            lang={answerLang}
            value={state.input}
            readOnly={state.readOnly}
            aria-invalid={feedback?.verdict === 'wrong' ? true : undefined}
            aria-describedby={`${promptId} ${feedbackId}`}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            onChange={(e) => setInput(e.target.value)}
          />
          <button type="submit" className="btn btn-primary">
            {checkLabel}
          </button>
        </div>
        <AccentButtons accents={accents} onInsert={insert} />
      </form>

      <div id={feedbackId} className={`quiz-feedback${verdictClass}`} aria-live="polite" aria-atomic="true">
        {feedback ? feedbackText(feedback, state.config.mode, state.config.rules.revealOnWrong) : null}
        {feedback && (feedback.verdict !== 'wrong' || feedback.reveal) ? (
          <SpeakButton text={feedback.expected} locale={answerLang} auto={autoSpeak} />
        ) : null}
      </div>
      {unsaved > 0 ? (
        <p className="hint" role="status">
          {unsaved === 1 ? 'One answer' : `${unsaved} answers`} could not be saved. Check your connection.
        </p>
      ) : null}
    </div>
  );
}

function QuizFinished({
  state,
  showResult,
  settled,
  actions,
}: {
  state: QuizState;
  showResult: boolean;
  settled: () => Promise<void>;
  actions: (context: FinishedContext) => ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The answer field is gone: move the focus to the news, so a screen reader reads it and Tab goes on from here.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const result = state.result ?? { score: state.score, total: state.total };
  return (
    <div className="quiz-finished">
      <h2 ref={headingRef} tabIndex={-1}>
        Quiz over
      </h2>
      {showResult ? (
        <p className="quiz-result">
          You got {result.score} / {result.total} correct
        </p>
      ) : null}
      <div className="actions">{actions({ result, settled })}</div>
    </div>
  );
}
