import { useEffect, useRef } from 'react';
import { useSession } from '@/features/auth/api/get-session';
import { useForgetOfflineData, useQueueOwner, useSessionEnded } from '@/features/quiz/offline/offline-context';

/**
 * When a logged-in learner logs out or another logs in, what was kept for offline practice is forgotten, and the
 * answer queue sends only the new session's answers (an account's waiting answers wait for that account). A
 * session ended elsewhere is no logout: the quiz under way and the day's words stay for the learner, who logs in
 * again to go on where they were; they are forgotten if someone else logs in instead.
 */
export function OfflineSession() {
  const { data: user, isSuccess } = useSession();
  const forget = useForgetOfflineData();
  const setQueueOwner = useQueueOwner();
  const sessionEnded = useSessionEnded();
  const previous = useRef<string | null | undefined>(undefined);
  const account = useRef<string | null>(null);
  useEffect(() => {
    if (!isSuccess) return;
    const id = user?._id ?? null;
    setQueueOwner(id);
    const loggedOutHere = id === null && Boolean(previous.current) && !sessionEnded();
    const someoneElse = id !== null && account.current !== null && account.current !== id;
    if (loggedOutHere || someoneElse) void forget();
    if (loggedOutHere) account.current = null;
    if (id !== null) account.current = id;
    previous.current = id;
  }, [isSuccess, user, forget, setQueueOwner, sessionEnded]);
  return null;
}
