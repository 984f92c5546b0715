import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A stop every `every` answers of a long quiz: a review of 100 due words otherwise runs without a break. The
 * learner keeps going or stops; every answer so far is already sent, so stopping loses nothing.
 */
export function QuizBreak({ done, onKeepGoing, stop }: { done: number; onKeepGoing: () => void; stop: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The answer field is gone: the news takes the focus, as "Quiz over" does.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <div className="quiz-finished quiz-break">
      <h2 ref={headingRef} tabIndex={-1}>
        {done} done — keep going or stop here
      </h2>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onKeepGoing}>
          Keep going
        </button>
        {stop}
      </div>
    </div>
  );
}
