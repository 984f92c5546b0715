import { PASSWORD_MAX, PASSWORD_MIN } from '@vocab/core';
import { type FormEvent, useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { clearing, Field } from '@/components/ui/field';
import { useChangePassword } from '../api/change-password';
import { accountErrorText } from './account-errors';

/** Change the password: the current one first; every other session is logged out afterwards. */
export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [tried, setTried] = useState(false);
  const change = useChangePassword();
  const edit = clearing(change);
  const tooShort = next.length < PASSWORD_MIN;
  const tooLong = next.length > PASSWORD_MAX;
  const mismatch = next !== repeat;
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
    if (problem || current === '') return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setRepeat('');
          setTried(false);
        },
      },
    );
  };

  return (
    <section aria-labelledby="password-heading">
      <h2 id="password-heading">Change password</h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field
          id="current-password"
          label="Current password"
          kind="current-password"
          value={current}
          onValue={edit(setCurrent)}
          aria-invalid={tried && current === ''}
          error={tried && current === '' ? 'Enter your current password.' : null}
        />
        <Field
          id="new-password"
          label="New password"
          hint={{
            id: 'new-password-hint',
            text: <>At least {PASSWORD_MIN} characters. Your other sessions will be logged out.</>,
          }}
          kind="new-password"
          value={next}
          onValue={edit(setNext)}
          aria-invalid={tried && (tooShort || tooLong)}
        />
        <Field
          id="repeat-password"
          label="New password again"
          kind="new-password"
          value={repeat}
          onValue={edit(setRepeat)}
          aria-invalid={tried && mismatch}
          error={tried && problem}
        />
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
