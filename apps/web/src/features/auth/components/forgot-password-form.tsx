import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Field, useFieldText } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useForgotPassword } from '../api/password-reset';

/** "Forgot your password?": the address or username; what follows reads the same whether or not it exists. */
const IDENTIFIER = { id: 'forgot-identifier', label: 'Email address or username', autoComplete: 'email' } as const;

export function ForgotPasswordForm() {
  const [tried, setTried] = useState(false);
  const forgot = useForgotPassword();
  const identifier = useFieldText(forgot);
  const empty = identifier.value.trim() === '';
  const blank = tried && empty;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!empty) forgot.mutate(identifier.value.trim());
  };

  if (forgot.isSuccess) {
    return (
      <div role="status">
        <p className="success">Check your email.</p>
        <p>
          If <strong>{forgot.variables}</strong> belongs to an account with a confirmed email address, we have sent it a
          link to choose a new password. The link works once, within 30 minutes.
        </p>
        <p>Nothing arrived? Look in your spam folder, or make sure you typed the address you confirmed.</p>
        <Link to={paths.login}>Back to log in</Link>
      </div>
    );
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-busy={forgot.isPending}>
      <p>
        Enter your email address or username. If your account has a confirmed address, we will email you a link to
        choose a new password.
      </p>
      <Field
        {...IDENTIFIER}
        text={identifier}
        aria-invalid={blank}
        error={blank && 'Enter your email address or username.'}
        disabled={forgot.isPending}
        autoFocus
      />
      {forgot.isError ? <ErrorBox>{forgotErrorText(forgot.error)}</ErrorBox> : null}
      <button type="submit" className="btn btn-primary" disabled={forgot.isPending}>
        {forgot.isPending ? 'Sending...' : 'Send reset link'}
      </button>
      <p>
        <Link to={paths.login}>Back to log in</Link>
      </p>
    </form>
  );
}

function forgotErrorText(err: Error): string {
  if (err instanceof ApiError && err.code === 'email_unavailable')
    return 'This server cannot send email, so passwords cannot be reset by email here.';
  if (err instanceof ApiError && (err.status === 429 || err.code === 'network' || err.status === 400))
    return err.message;
  return 'Error: please try again.';
}
