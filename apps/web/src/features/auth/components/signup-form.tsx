import { PASSWORD_MAX, PASSWORD_MIN } from '@vocab/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Field, useFieldText } from '@/components/ui/field';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSignup } from '../api/signup';

/** The checks of the original, in its order and words; the server repeats them and adds its own. */
export function validateSignup(username: string, password: string, confirmPassword: string): string | null {
  if (!username.trim() || !password || !confirmPassword) return 'Please fill out all fields';
  if (password !== confirmPassword) return 'Passwords do not match';
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  return null;
}

/** The signup form's fields, as the browser and its password manager know them. */
const FIELDS = {
  username: { id: 'signup-username', label: 'Username', name: 'username', kind: 'username' },
  password: { id: 'signup-password', label: 'Password', name: 'password', kind: 'new-password' },
  again: { id: 'signup-confirm', label: 'Confirm password', name: 'confirmPassword', kind: 'new-password' },
  email: { id: 'signup-email', label: 'Email address (optional)', name: 'email', kind: 'email' },
} as const;
const PASSWORD_HINT = { id: 'password-hint', text: <>At least {PASSWORD_MIN} characters.</> };
const EMAIL_HINT = {
  id: 'email-hint',
  text: 'For a forgotten password and reminders you turn on. Nobody else sees it.',
};

export function SignupForm({ practisedAsGuest = false }: { practisedAsGuest?: boolean }) {
  const username = useFieldText();
  const password = useFieldText();
  const confirmPassword = useFieldText();
  const email = useFieldText();
  const [showPassword, setShowPassword] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const signup = useSignup();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const address = email.value.trim();
    const invalid =
      validateSignup(username.value, password.value, confirmPassword.value) ??
      (address && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)
        ? 'Enter an email address, like name@example.com, or leave it empty'
        : null);
    setProblem(invalid);
    if (!invalid) {
      signup.mutate({
        username: username.value.trim(),
        password: password.value,
        ...(address ? { email: address } : {}),
      });
    }
  };

  // Signing up logs the account in: the screen says so once, with the way on, and offers no login (it would
  // contradict itself, "click here to login" beside "you are logged in").
  if (signup.isSuccess) {
    return (
      <div className="signup-done">
        <p className="success" role="status">
          ✔ Signup Successful. You are logged in as <strong>{signup.data.username}</strong>.
        </p>
        {practisedAsGuest ? <p>What you practised as a guest is in your account.</p> : null}
        {signup.variables.email ? (
          <p>
            We sent a link to <strong>{signup.variables.email}</strong>: open it to confirm the address.
          </p>
        ) : null}
        <Link to={paths.userHome} className="btn btn-primary">
          Go to your languages
        </Link>
      </div>
    );
  }
  if (signup.isPending) return <Loading label="Signing up..." />;

  const type = showPassword ? 'text' : 'password';
  return (
    <>
      {practisedAsGuest ? <p>Your practice so far comes with you into the new account.</p> : null}
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field {...FIELDS.username} text={username} autoFocus />
        <Field {...FIELDS.password} hint={PASSWORD_HINT} type={type} text={password} />
        <Field {...FIELDS.again} type={type} text={confirmPassword} />
        <Field {...FIELDS.email} hint={EMAIL_HINT} text={email} />
        <label className="checkbox">
          <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} /> Show
          passwords
        </label>
        {problem ? <ErrorBox title={problem} /> : null}
        {signup.isError ? <ErrorBox>{signup.error.message}</ErrorBox> : null}
        <button type="submit" className="btn btn-primary">
          Sign up
        </button>
      </form>
      <p>
        Already have an account? <Link to={paths.login}>Log in</Link>
      </p>
    </>
  );
}
