import { PASSWORD_MAX, PASSWORD_MIN } from '@vocab/core';
import { type FormEvent, useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { useChangePassword } from '../api/change-password';
import { accountErrorText } from './account-errors';

/** Change the password: the current one first; every other session is logged out afterwards. */
export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [tried, setTried] = useState(false);
  const change = useChangePassword();
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
  const edit = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    change.reset();
    set(e.target.value);
  };

  return (
    <section aria-labelledby="password-heading">
      <h2 id="password-heading">Change password</h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <label htmlFor="current-password">Current password</label>
        <input
          id="current-password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={edit(setCurrent)}
          aria-invalid={tried && current === ''}
        />
        {tried && current === '' ? <small className="field-error">Enter your current password.</small> : null}
        <label htmlFor="new-password">New password</label>
        <input
          id="new-password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={edit(setNext)}
          aria-describedby="new-password-hint"
          aria-invalid={tried && (tooShort || tooLong)}
        />
        <small id="new-password-hint" className="hint">
          At least {PASSWORD_MIN} characters. Your other sessions will be logged out.
        </small>
        <label htmlFor="repeat-password">New password again</label>
        <input
          id="repeat-password"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={edit(setRepeat)}
          aria-invalid={tried && mismatch}
        />
        {tried && problem ? <small className="field-error">{problem}</small> : null}
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
