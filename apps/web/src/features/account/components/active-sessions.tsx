import type { ActiveSession } from '@vocab/api';
import { ErrorBox } from '@/components/ui/error-box';
import { QueryState } from '@/components/ui/query-state';
import { useSessions } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { accountErrorText } from './account-errors';
import '../account.css';

const when = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Where the account is logged in: each session's browser and last use, this browser marked. Another session can be
 * logged out from here (a lost phone, a shared computer); this one is left by the Logout button above.
 */
export function ActiveSessions() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  return (
    <section aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Where you are logged in</h2>
      <QueryState
        query={sessions}
        isEmpty={(list) => list.length === 0}
        empty={<p className="empty-state">No active sessions.</p>}
        errorText="Your sessions could not be loaded."
      >
        {(list) => (
          <ul className="session-list">
            {list.map((s) => (
              <SessionItem
                key={s.id}
                session={s}
                onRevoke={() => revoke.mutate(s.id)}
                busy={revoke.isPending && revoke.variables === s.id}
              />
            ))}
          </ul>
        )}
      </QueryState>
      {revoke.isError ? <ErrorBox>{accountErrorText(revoke.error)}</ErrorBox> : null}
    </section>
  );
}

function SessionItem({ session, onRevoke, busy }: { session: ActiveSession; onRevoke: () => void; busy: boolean }) {
  return (
    <li className="session-item">
      <div>
        <strong>{session.device}</strong> {session.current ? <span className="badge">This browser</span> : null}
        <br />
        <small className="hint">
          Last used {when(session.lastUsedAt)} · logged in {when(session.createdAt)}
        </small>
      </div>
      {session.current ? null : (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={onRevoke}
          disabled={busy}
          aria-label={`Log out ${session.device}, last used ${when(session.lastUsedAt)}`}
        >
          {busy ? 'Logging out...' : 'Log out'}
        </button>
      )}
    </li>
  );
}
