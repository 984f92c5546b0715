import { PASSWORD_MAX, PASSWORD_MIN } from '@vocab/core';
import { type FormEvent, useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { Field, useFieldText } from '@/components/ui/field';
import { useChangePassword } from '../api/change-password';
import { accountErrorText } from './account-errors';

/** Change the password: the current one first; every other session is logged out afterwards. */
const FIELDS = {
  current: { id: 'current-password', label: 'Current password', kind: 'current-password' },
  next: { id: 'new-password', label: 'New password', kind: 'new-password' },
  again: { id: 'repeat-password', label: 'New password again', kind: 'new-password' },
} as const;
const HINT = {
  id: 'new-password-hint',
  text: <>At least {PASSWORD_MIN} characters. Your other sessions will be logged out.</>,
};
const NO_CURRENT = 'Enter your current password.';

export function ChangePasswordForm() {
  const [tried, setTried] = useState(false);
  const change = useChangePassword();
  const current = useFieldText(change);
  const next = useFieldText(change);
  const repeat = useFieldText(change);
  const tooShort = next.value.length < PASSWORD_MIN;
  const tooLong = next.value.length > PASSWORD_MAX;
  const mismatch = next.value !== repeat.value;
  const noCurrent = tried && current.value === '';
  const problem = tooShort
    ? `The new password must be at least ${PASSWORD_MIN} characters.`
    : tooLong
      ? `The new password must be at most ${PASSWORD_MAX} characters.`
      : mismatch
        ? 'The two new passwords are not the same.'
        : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problem || current.value === '') return;
    change.mutate(
      { currentPassword: current.value, newPassword: next.value },
      {
        onSuccess: () => {
          current.clear();
          next.clear();
          repeat.clear();
          setTried(false);
        },
      },
    );
  };

  return (
    <section aria-labelledby="password-heading">
      <h2 id="password-heading">Change password</h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field {...FIELDS.current} text={current} aria-invalid={noCurrent} error={noCurrent && NO_CURRENT} />
        <Field {...FIELDS.next} hint={HINT} text={next} aria-invalid={tried && (tooShort || tooLong)} />
        <Field {...FIELDS.again} text={repeat} aria-invalid={tried && mismatch} error={tried && problem} />
        {change.isError ? <ErrorBox>{accountErrorText(change.error)}</ErrorBox> : null}
        {change.isSuccess ? (
          <p className="success" role="status">
            Password changed. Your other sessions have been logged out.
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change password'}
        </button>
      </form>
    </section>
  );
}
