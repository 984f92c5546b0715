import { type InputHTMLAttributes, type ReactNode, useState } from 'react';

/** What the browser and its password manager are told of a field of each kind (the props given still win). */
const KINDS = {
  username: { autoComplete: 'username' },
  'current-password': { type: 'password', autoComplete: 'current-password' },
  'new-password': { type: 'password', autoComplete: 'new-password' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
} satisfies Record<string, InputHTMLAttributes<HTMLInputElement>>;

/** A field's text, kept by its form (`useFieldText`). */
export interface FieldText {
  value: string;
  /** The learner's edit: the request's last outcome is forgotten first. */
  edit: (value: string) => void;
  /** Empties the field without touching the request (after it succeeded, say). */
  clear: () => void;
}

/**
 * A form field's text. An edit first forgets the request's last outcome, if the form names one: an error about the
 * text before the edit no longer applies to the text after it.
 */
export function useFieldText(request?: { reset: () => void }): FieldText {
  const [value, setValue] = useState('');
  return {
    value,
    edit: (next) => {
      request?.reset();
      setValue(next);
    },
    clear: () => setValue(''),
  };
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> & {
  id: string;
  label: ReactNode;
  kind?: keyof typeof KINDS;
  text: FieldText;
  /** Said under the input and read out with it (the input's description). */
  hint?: { id: string; text: ReactNode };
  /** What is wrong with the value, shown once the form has been sent; nothing while it is fine. */
  error?: ReactNode;
};

/**
 * A form's labelled input with its hint and its error: the account and login forms all lay a field out this way, so
 * a label, a hint and an error look and read the same on each. The other props go to the input as they are.
 */
export function Field({ id, label, kind, text, hint, error, ...input }: FieldProps) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...(kind ? KINDS[kind] : {})}
        aria-describedby={hint?.id}
        value={text.value}
        onChange={(e) => text.edit(e.target.value)}
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
