import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import type { DroppedCall, QueueStatus } from '../offline/answer-queue';
import { useContinueAsGuest, useQueueStatus } from '../offline/offline-context';
import { resumeAfterLogin } from '../offline/quiz-runs';
import './offline-banner.css';

const answers = (n: number) => (n === 1 ? '1 answer' : `${n} answers`);

/** What the quiz says about the network and the answers waiting; null when there is nothing to say. */
export function queueMessage({ online, waiting, delivered, loggedOut, retrying }: QueueStatus): string | null {
  // Logged out, nothing is being tried: the notice above says what waits and why.
  if (loggedOut && online) return null;
  if (!online) {
    return waiting === 0
      ? 'You’re offline — your answers will be kept and sent when you’re back online.'
      : `You’re offline — ${answers(waiting)} will be sent when you’re back online.`;
  }
  // A failed attempt warns; answers on their way after being offline are news, not an error.
  if (waiting > 0 && retrying) return `${answers(waiting)} waiting to be sent. Trying again shortly.`;
  if (waiting > 0) return `Sending ${answers(waiting)}…`;
  if (delivered > 0) return `${answers(delivered)} saved — you’re all caught up.`;
  return null;
}

const REASONS: Record<string, string> = {
  answered_at_too_old: 'it was given more than 7 days ago, too long ago to schedule from',
  answered_at_in_future: 'this device’s clock is ahead of the server’s',
  not_found: 'the word or the answer is no longer there',
  not_last_answer: 'a later answer to the word came first',
  unauthorized: 'you are no longer logged in',
};

function droppedText({ label, what, code, reason }: DroppedCall): string {
  const call = what === 'answer' ? 'An answer' : what === 'undo' ? 'An undo' : 'An “I was right”';
  return `${call}${label ? ` to “${label}”` : ''} could not be saved: ${REASONS[code] ?? reason.replace(/\.$/, '')}.`;
}

/**
 * The quiz's banner: offline and how many answers wait, then a calm confirmation once they are saved; and a note
 * for each answer the server refused, which the queue dropped. The status region is always there, so that screen
 * readers hear it change.
 */
export function OfflineBanner() {
  const status = useQueueStatus();
  const message = queueMessage(status);
  return (
    <>
      {status.loggedOut ? <LoggedOutNotice waiting={status.waiting} /> : null}
      <p
        role="status"
        className={message ? `offline-banner${status.online ? ' is-online' : ''}` : 'offline-banner is-empty'}
      >
        {message}
      </p>
      {status.dropped.length > 0 ? (
        <div role="alert" className="offline-dropped">
          {status.dropped.map((d) => (
            <p key={d.id}>
              {droppedText(d)}{' '}
              <button type="button" className="btn-link" onClick={() => status.dismiss(d.id)}>
                Dismiss
              </button>
            </p>
          ))}
        </div>
      ) : null}
    </>
  );
}

/**
 * The session ended elsewhere (logged out from another device's sessions list): the answers are kept for the
 * learner, who logs in to send them, or chooses to go on as a guest; never a guest without knowing it.
 */
function LoggedOutNotice({ waiting }: { waiting: number }) {
  const continueAsGuest = useContinueAsGuest();
  const { pathname, search } = useLocation();
  const here = pathname + search;
  return (
    <div role="alert" className="logged-out-notice">
      <p>
        <strong>You were logged out — log in to keep saving.</strong>{' '}
        {waiting > 0
          ? `${answers(waiting)} kept on this device will be sent as yours once you log in.`
          : 'Your next answers are kept until you log in.'}
      </p>
      <p className="logged-out-actions">
        <Link to={paths.loginThen(here)} className="btn btn-primary btn-small" onClick={() => resumeAfterLogin(here)}>
          Log in
        </Link>
        <button type="button" className="btn-link" onClick={continueAsGuest}>
          Practise as a guest instead
        </button>
      </p>
    </div>
  );
}

/**
 * The header's short form: "Offline · 3 waiting" while offline or while answers wait, and nothing otherwise (the
 * quiz's banner is the region screen readers follow; this one only shows on every page).
 */
export function OfflineIndicator() {
  const { online, waiting } = useQueueStatus();
  if (online && waiting === 0) return null;
  // "waiting" is the word a phone's header drops when the streak shares the row (styles.css); it is still read out.
  const waitingWord = <span className="offline-words"> waiting</span>;
  return (
    <span
      role="status"
      className="offline-indicator"
      title={queueMessage({ online, waiting, delivered: 0, dropped: [] }) ?? undefined}
    >
      {online ? (
        <>
          {waiting}
          {waitingWord}
        </>
      ) : waiting > 0 ? (
        <>
          Offline · {waiting}
          {waitingWord}
        </>
      ) : (
        'Offline'
      )}
    </span>
  );
}
