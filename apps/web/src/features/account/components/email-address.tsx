import { type FormEvent, useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { Field, useFieldText } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { apiUrl } from '@/lib/api-client';
import { useAccountEmail, useRemoveEmail, useSetEmail } from '../api/email';
import { accountErrorText } from './account-errors';

const looksLikeAddress = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/**
 * The account's email address: for a forgotten password and daily reminders only, shown to nobody else. A new
 * address is used once its link is opened; until then the confirmed one (if any) stays.
 */
export function EmailAddress() {
  const email = useAccountEmail();
  return (
    <section aria-labelledby="email-heading">
      <h2 id="email-heading">Email address</h2>
      <QueryState query={email} errorText="Your email address could not be loaded.">
        {(state) =>
          state.available ? (
            <EmailForm address={state.address} pending={state.pending} />
          ) : (
            <p className="empty-state">
              This server cannot send email, so no address can be added. Ask its operator to set up mail.
            </p>
          )
        }
      </QueryState>
      <p>
        <a href={apiUrl('/api/account/export', {})} download>
          Download your account data
        </a>{' '}
        <small className="hint">
          (your name, email address and reminder settings; words are exported per language)
        </small>
      </p>
    </section>
  );
}

const HINT = {
  id: 'email-hint',
  text: 'Used only for a forgotten password and reminders you turn on. Nobody else sees it.',
};

function EmailForm({ address, pending }: { address: string | null; pending: string | null }) {
  const [tried, setTried] = useState(false);
  const set = useSetEmail();
  const draft = useFieldText(set);
  const remove = useRemoveEmail();
  const invalid = !looksLikeAddress(draft.value);
  const wrong = tried && invalid;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (invalid) return;
    set.mutate(draft.value.trim(), {
      onSuccess: () => {
        draft.clear();
        setTried(false);
      },
    });
  };

  return (
    <>
      {address ? (
        <p>
          Your address: <strong>{address}</strong> <span className="badge">Confirmed</span>
        </p>
      ) : (
        <p className="empty-state">
          No address yet. With one you can reset a forgotten password and get daily reminders.
        </p>
      )}
      {pending ? (
        <p className="success" role="status">
          We sent a link to <strong>{pending}</strong>. Open it within 24 hours to confirm the address.
        </p>
      ) : null}
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field
          id="email-address"
          label={address ? 'New email address' : 'Email address'}
          hint={HINT}
          kind="email"
          text={draft}
          aria-invalid={wrong}
          error={wrong && 'Enter an email address, like name@example.com.'}
        />
        {set.isError ? <ErrorBox>{accountErrorText(set.error)}</ErrorBox> : null}
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={set.isPending}>
            {set.isPending ? 'Sending...' : 'Send confirmation link'}
          </button>
          {address || pending ? (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => remove.mutate()}
              disabled={remove.isPending}
            >
              {remove.isPending ? 'Removing...' : 'Remove address'}
            </button>
          ) : null}
        </div>
        {remove.isError ? <ErrorBox>{accountErrorText(remove.error)}</ErrorBox> : null}
      </form>
    </>
  );
}
