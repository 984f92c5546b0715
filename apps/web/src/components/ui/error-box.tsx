import type { ReactNode } from 'react';

/** The error state of a screen: the word of the original first, then what happened and what to do. */
export function ErrorBox({
  title = 'Error',
  children,
  onRetry,
}: {
  title?: string;
  children?: ReactNode;
  onRetry?: () => void;
}) {
  return (
    <div className="error-box" role="alert">
      <strong>{title}</strong>
      {children ? <div>{children}</div> : null}
      {onRetry ? (
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
