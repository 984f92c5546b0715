import { useEffect, useRef } from 'react';
import { useSession } from '@/features/auth/api/get-session';
import { useForgetOfflineData } from '@/features/quiz/offline/offline-context';

/** When a logged-in learner logs out or another logs in, what was kept for offline practice is forgotten. */
export function OfflineSession() {
  const { data: user, isSuccess } = useSession();
  const forget = useForgetOfflineData();
  const previous = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!isSuccess) return;
    const id = user?._id ?? null;
    if (previous.current && previous.current !== id) void forget();
    previous.current = id;
  }, [isSuccess, user, forget]);
  return null;
}
