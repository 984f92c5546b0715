import { PASSWORD_MAX, PASSWORD_MIN } from '@vocab/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Field, useFieldText } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useResetLink, useResetPassword } from '../api/password-reset';

/** A new password by the link of a reset mail; afterwards the account is logged out everywhere. */
const FIELDS = {
  password: { id: 'reset-password', label: 'New password', kind: 'new-password' },
  again: { id: 'reset-repeat', label: 'New password again', kind: 'new-password' },
} as const;
const HINT = {
  id: 'reset-hint',
  text: <>At least {PASSWORD_MIN} characters. Every device logged in to your account will be logged out.</>,
};

export function ResetPasswordForm({ token }: { token: string }) {
  const [tried, setTried] = useState(false);
  const reset = useResetPassword();
  const password = useFieldText(reset);
  const repeat = useFieldText(reset);
  const link = useResetLink(token);
  const problem =
    password.value.length < PASSWORD_MIN
      ? `The new password must be at least ${PASSWORD_MIN} characters.`
      : password.value.length > PASSWORD_MAX
        ? `The new password must be at most ${PASSWORD_MAX} characters.`
        : password.value !== repeat.value
          ? 'The two passwords are not the same.'
          : null;

  if (!token) {
    return (
      <ErrorBox title="This link is not complete">
        Open the link from the mail again, or <Link to={paths.forgotPassword}>ask for a new one</Link>.
      </ErrorBox>
    );
  }
  if (isLinkInvalid(link.error)) return <LinkInvalid />;
  if (reset.isSuccess) {
    return (
      <div role="status">
        <p className="success">Your password has been changed.</p>
        <p>Every device that was logged in to your account has been logged out.</p>
        <Link to={paths.login} className="btn btn-primary">
          Log in
        </Link>
      </div>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!problem) reset.mutate({ token, password: password.value });
  };
  const expired = isLinkInvalid(reset.error);

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-busy={reset.isPending}>
      <Field {...FIELDS.password} hint={HINT} text={password} autoFocus />
      <Field {...FIELDS.again} text={repeat} aria-invalid={tried && problem !== null} error={tried && problem} />
      {expired ? (
        <LinkInvalid />
      ) : reset.isError ? (
        <ErrorBox title="Error">
          {reset.error instanceof ApiError &&
          (reset.error.status === 400 || reset.error.status === 429 || reset.error.code === 'network')
            ? reset.error.message
            : 'Error: please try again.'}
        </ErrorBox>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Set new password'}
      </button>
    </form>
  );
}

const isLinkInvalid = (err: Error | null) => err instanceof ApiError && err.code === 'link_invalid';

function LinkInvalid() {
  return (
    <ErrorBox title="This link no longer works">
      It has expired or was already used. <Link to={paths.forgotPassword}>Ask for a new link</Link>.
    </ErrorBox>
  );
}
