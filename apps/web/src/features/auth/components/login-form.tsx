import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Field, useFieldText } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useLogin } from '../api/login';

/** Where to go after login: only a path of this site, never an absolute URL (no open redirect). */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : paths.userHome;
}

/** The login form's fields, as the browser and its password manager know them. */
const FIELDS = {
  username: { id: 'login-username', label: 'Username', name: 'username', kind: 'username' },
  password: { id: 'login-password', label: 'Password', name: 'password', kind: 'current-password' },
} as const;

export function LoginForm() {
  const username = useFieldText();
  const password = useFieldText();
  const login = useLogin();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!username.value.trim() || !password.value) return;
    login.mutate(
      { username: username.value, password: password.value },
      { onSuccess: () => void navigate(safeNext(params.get('next')), { replace: true }) },
    );
  };

  const busy = login.isPending;
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <Field {...FIELDS.username} text={username} disabled={busy} required autoFocus />
      <Field {...FIELDS.password} text={password} disabled={busy} required />
      {login.isError ? <ErrorBox title={loginErrorText(login.error)} /> : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Logging in...' : 'Log in'}
      </button>
    </form>
  );
}

function loginErrorText(err: Error): string {
  if (err instanceof ApiError && err.status === 429) return err.message;
  if (err instanceof ApiError && err.code === 'network') return err.message;
  if (err instanceof ApiError && err.status === 401) return 'Incorrect username or password';
  return err instanceof ApiError && err.status === 400 ? 'Incorrect username or password' : 'Error: please try again.';
}
