import { useEffect, useRef } from 'react';
import { useSession } from '@/features/auth/api/get-session';
import { useForgetOfflineData, useQueueOwner } from '@/features/quiz/offline/offline-context';

/**
 * When a logged-in learner logs out or another logs in, what was kept for offline practice is forgotten, and the
 * answer queue sends only the new session's answers (an account's waiting answers wait for that account).
 */
export function OfflineSession() {
  const { data: user, isSuccess } = useSession();
  const forget = useForgetOfflineData();
  const setQueueOwner = useQueueOwner();
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!isSuccess) return;
    const id = user?._id ?? null;
    setQueueOwner(id);
    if (previous.current && previous.current !== id) void forget();
    previous.current = id;
  }, [isSuccess, user, forget, setQueueOwner]);
  return null;
}
