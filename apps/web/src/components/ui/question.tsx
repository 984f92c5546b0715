import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useId } from 'react';
import './question.css';

/**
 * The pieces of a question screen, shared by the quizzes and the placement test: a progress bar with its counter,
 * the prompt, and the answer field with its button. Props in, markup out: each screen keeps its own state and keys.
 */

/** The bar and the counter beside it; the counter is for the eye, the bar's value text is what is read out. */
export function ProgressCounter({
  value,
  max,
  percent,
  valueText,
  children,
}: {
  value: number;
  max: number;
  percent: number;
  valueText: string;
  children: ReactNode;
}) {
  return (
    <div className="quiz-progress">
      <div
        className="progress"
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={valueText}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <span className="quiz-counter" aria-hidden="true">
        {children}
      </span>
    </div>
  );
}

/**
 * The prompt, the screen's largest text. Live: the answer field keeps the focus, so a screen reader would not
 * otherwise hear the next word.
 */
export function QuestionPrompt({
  id,
  ref,
  live = 'polite',
  children,
}: {
  id: string;
  ref?: Ref<HTMLParagraphElement>;
  live?: 'polite' | 'off';
  children: ReactNode;
}) {
  return (
    <p id={id} ref={ref} className="quiz-prompt" aria-live={live}>
      {children}
    </p>
  );
}

/** "Translate: perro (animal)": the word asked, in its own language, and what says which word it wants. */
export function TranslatePrompt({
  prompt,
  hint,
  lang,
  children,
}: {
  prompt: string | undefined;
  hint: string | undefined;
  lang: string;
  children?: ReactNode;
}) {
  return (
    <>
      Translate: <strong lang={lang}>{prompt}</strong>
      {hint ? <span className="quiz-prompt-hint"> ({hint})</span> : null}
      {children}
    </>
  );
}

export interface AnswerFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'ref'> {
  label: string;
  submitLabel: string;
  inputRef: Ref<HTMLInputElement>;
  /** Classes after quiz-input for the field's state, e.g. " is-wrong". */
  stateClass?: string;
}

/**
 * The labelled answer field and the button that sends it. Answers are words: no autocomplete, correction or capitals.
 */
export function AnswerField({ label, submitLabel, inputRef, stateClass = '', ...input }: AnswerFieldProps) {
  const inputId = useId();
  return (
    <>
      <label htmlFor={inputId}>{label}</label>
      <div className="quiz-answer">
        <input
          ref={inputRef}
          id={inputId}
          className={`quiz-input${stateClass}`}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          {...input}
        />
        <button type="submit" className="btn btn-primary">
          {submitLabel}
        </button>
      </div>
    </>
  );
}
