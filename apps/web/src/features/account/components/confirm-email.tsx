import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { confirmEmail, emailQueryOptions } from '../api/email';

/** Confirms the address of a confirmation link as the page opens (once: a link works once). */
export function ConfirmEmail({ token }: { token: string }) {
  const confirm = useMutation({ mutationFn: confirmEmail });
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const expired = confirm.error instanceof ApiError && confirm.error.code === 'link_invalid';
  // A link opened a second time is used up, but its address may well be confirmed: a logged-in learner is told so
  // rather than shown an error (a visitor's answer is a 401, and they get the explanation below).
  const account = useQuery({ ...emailQueryOptions(), enabled: expired, retry: false });

  if (!token) return <ErrorBox title="This link is not complete">Open the link from the mail again.</ErrorBox>;
  if (expired && account.isPending) return <Loading label="Confirming..." />;
  if (expired && account.data?.address && !account.data.pending) {
    return (
      <div role="status">
        <p className="success">
          <strong>{account.data.address}</strong> is confirmed.
        </p>
        <p>This link was used already; there is nothing more to do.</p>
        <Link to={paths.settings} className="btn btn-primary">
          Reminder settings
        </Link>
      </div>
    );
  }
  if (confirm.isError) {
    return (
      <ErrorBox
        title={expired ? 'This link no longer works' : 'Error'}
        onRetry={expired ? undefined : () => confirm.mutate(token)}
      >
        {expired ? (
          <>
            It has expired, was already used, or a newer link was sent; an address confirmed by it shows in your
            profile. <Link to={paths.userProfile}>Send a new one from your profile</Link>.
          </>
        ) : (
          'The address could not be confirmed. Please try again.'
        )}
      </ErrorBox>
    );
  }
  if (!confirm.isSuccess) return <Loading label="Confirming..." />;
  return (
    <div role="status">
      <p className="success">
        <strong>{confirm.data.address}</strong> is confirmed.
      </p>
      <p>You can now reset a forgotten password by email, and turn on daily reminders.</p>
      <Link to={paths.settings} className="btn btn-primary">
        Reminder settings
      </Link>
    </div>
  );
}
