import type { InputHTMLAttributes, ReactNode } from 'react';

/** What the browser and its password manager are told of a field of each kind (the props given still win). */
const KINDS = {
  username: { autoComplete: 'username' },
  'current-password': { type: 'password', autoComplete: 'current-password' },
  'new-password': { type: 'password', autoComplete: 'new-password' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
} satisfies Record<string, InputHTMLAttributes<HTMLInputElement>>;

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> & {
  id: string;
  label: ReactNode;
  kind?: keyof typeof KINDS;
  value: string;
  /** The input's new text, on every change. */
  onValue: (value: string) => void;
  /** Said under the input and read out with it (the input's description). */
  hint?: { id: string; text: ReactNode };
  /** What is wrong with the value, shown once the form has been sent; nothing while it is fine. */
  error?: ReactNode;
};

/**
 * A form's labelled input with its hint and its error: the account and login forms all lay a field out this way, so
 * a label, a hint and an error look and read the same on each. The other props go to the input as they are.
 */
export function Field({ id, label, kind, onValue, hint, error, ...input }: FieldProps) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...(kind ? KINDS[kind] : {})}
        aria-describedby={hint?.id}
        onChange={(e) => onValue(e.target.value)}
        {...input}
      />
      {hint ? (
        <small id={hint.id} className="hint">
          {hint.text}
        </small>
      ) : null}
      {error ? <small className="field-error">{error}</small> : null}
    </>
  );
}

/**
 * A form's `onValue` maker: the edit first forgets the request's last outcome (an error about the text before the edit
 * no longer applies to the text after it), then keeps the text.
 */
export const clearing =
  (request: { reset: () => void }) =>
  (set: (value: string) => void) =>
  (value: string): void => {
    request.reset();
    set(value);
  };
