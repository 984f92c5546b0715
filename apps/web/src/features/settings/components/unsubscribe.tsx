import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useUnsubscribe } from '../api/reminders';

/**
 * Stops a learner's reminders from the link in a reminder, without logging in. A button rather than on opening:
 * mail scanners open links, and must not turn reminders off.
 */
export function Unsubscribe({ u, s }: { u: string; s: string }) {
  const unsubscribe = useUnsubscribe();
  if (!u || !s)
    return (
      <ErrorBox title="This link is not complete">
        Open the link from the reminder again, or turn reminders off in your settings.
      </ErrorBox>
    );
  if (unsubscribe.isSuccess) {
    return (
      <div role="status">
        <p className="success">You will get no more daily reminders.</p>
        <p>
          Changed your mind? Turn them on again in your <Link to={paths.settings}>settings</Link>.
        </p>
      </div>
    );
  }
  return (
    <>
      <p>Stop the daily reminder emails? Nothing else about your account changes.</p>
      {unsubscribe.isError ? (
        <ErrorBox>
          {unsubscribe.error instanceof ApiError && unsubscribe.error.code === 'link_invalid'
            ? 'This link is not valid. Turn reminders off in your settings instead.'
            : 'Error: please try again.'}
        </ErrorBox>
      ) : null}
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => unsubscribe.mutate({ u, s })}
        disabled={unsubscribe.isPending}
      >
        {unsubscribe.isPending ? 'Stopping...' : 'Stop daily reminders'}
      </button>
    </>
  );
}
