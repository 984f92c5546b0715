import { type FormEvent, useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { Field, useFieldText } from '@/components/ui/field';
import { useDeleteAccount } from '../api/delete-account';
import { accountErrorText } from './account-errors';

/** Delete the account and everything it holds, after the password and an explicit confirmation. */
export function DeleteAccountForm({ username }: { username: string }) {
  const [sure, setSure] = useState(false);
  const remove = useDeleteAccount();
  const password = useFieldText(remove);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (password.value !== '' && sure) remove.mutate({ password: password.value });
  };

  return (
    <section aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete account</h2>
      <p>
        This deletes the account <strong>{username}</strong> for good: its progress, answers, own words, languages,
        settings and sessions. It cannot be undone.
      </p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field id="delete-password" label="Password" kind="current-password" text={password} />
        <label className="checkbox">
          <input type="checkbox" checked={sure} onChange={(e) => setSure(e.target.checked)} /> I understand that my
          account and all my progress will be deleted
        </label>
        {remove.isError ? <ErrorBox>{accountErrorText(remove.error)}</ErrorBox> : null}
        <button
          type="submit"
          className="btn btn-secondary"
          disabled={remove.isPending || password.value === '' || !sure}
        >
          {remove.isPending ? 'Deleting...' : 'Delete my account'}
        </button>
      </form>
    </section>
  );
}
