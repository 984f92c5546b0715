import type { Word } from '@vocab/api';
import type { Direction, LanguageCode } from '@vocab/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { call, client, isUnauthorized } from '@/lib/api-client';
import { isSessionQuery, readsFrom } from '@/lib/query-keys';
import { type CorrectAnswer, type ReportAnswer, answerBody, isStaleAfterAnswer } from '../lib/answer-report';
import { AnswerQueue, type QueueStatus } from './answer-queue';
import { API_READS_CACHE } from './cache-names';
import { DayWords } from './day-words';
import { forgetRuns } from './quiz-runs';

interface Offline {
  queue: AnswerQueue;
  days: DayWords;
}

/** The reads the service worker keeps for offline use (pwa.config.ts), by the endpoint each query reads. */
const isKeptByServiceWorker = readsFrom(
  '/api/auth/session',
  '/api/settings',
  '/api/languages',
  '/api/stats/summary',
  '/api/users/languages/{userId}',
  '/api/{language}/lexicon',
  '/api/{language}/stats',
  '/api/{language}/progress',
  '/api/{language}/bands',
);

const OfflineContext = createContext<Offline | null>(null);

/**
 * The app's answer queue and kept words, one of each per page: it sends what an earlier visit left, listens for the
 * network, and refreshes the progress figures as answers reach the server. Inside the QueryClientProvider.
 */
export function OfflineProvider({ children }: { children: ReactNode }) {
  const [offline] = useState<Offline>(() => ({ queue: new AnswerQueue(), days: new DayWords() }));
  const queryClient = useQueryClient();
  useEffect(() => offline.queue.start(), [offline]);
  useEffect(
    () => offline.queue.onDelivered(() => void queryClient.invalidateQueries({ predicate: isStaleAfterAnswer })),
    [offline, queryClient],
  );
  // The session ended elsewhere: the header must stop saying "My account".
  useEffect(
    () => offline.queue.onEnded(() => void queryClient.invalidateQueries({ predicate: isSessionQuery })),
    [offline, queryClient],
  );
  // Any read refused for want of a session ends it the same way, on every page, quiz or not.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error))
          offline.queue.sessionEnded();
      }),
    [offline, queryClient],
  );
  // A first visit's reads go out before the service worker takes control, so it keeps none of them: read again
  // through it, once it does, those it keeps (pwa.config.ts), so that the page opened offline later shows what it
  // knew (the user home's languages). A quiz's words are kept by the app (day-words.ts) and never read again under it.
  useEffect(() => {
    const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!worker) return;
    const reread = () => void queryClient.invalidateQueries({ predicate: isKeptByServiceWorker });
    worker.addEventListener('controllerchange', reread);
    return () => worker.removeEventListener('controllerchange', reread);
  }, [queryClient]);
  return <OfflineContext value={offline}>{children}</OfflineContext>;
}

function useOffline(): Offline {
  const offline = useContext(OfflineContext);
  if (!offline) throw new Error('OfflineProvider is missing above this component');
  return offline;
}

export const useDayWords = (): DayWords => useOffline().days;

const NO_QUEUE: QueueStatus = { online: true, waiting: 0, delivered: 0, dropped: [] };
const noChanges = () => () => undefined;

/**
 * The network and the queue as the screen shows them; re-renders on each change. Without a provider (a screen
 * rendered alone) there is nothing queued to show.
 */
export function useQueueStatus(): QueueStatus & { dismiss: (id: number) => void } {
  const queue = useContext(OfflineContext)?.queue;
  const status = useSyncExternalStore(queue?.subscribe ?? noChanges, queue?.getStatus ?? (() => NO_QUEUE));
  return useMemo(() => ({ ...status, dismiss: (id: number) => queue?.dismiss(id) }), [status, queue]);
}

/**
 * Forgets what was kept for offline use (the day's words, the quizzes under way in this tab, the service worker's
 * copies of the session, settings and lexicon) when the learner changes, as at logout: on a shared device the next
 * person must not see them offline. Answers still waiting stay: they are the learner's work, and are sent when that
 * learner's session is back (`useQueueOwner`, decision 0011).
 */
export function useForgetOfflineData(): () => Promise<void> {
  const { days } = useOffline();
  return useCallback(async () => {
    await days.forget();
    forgetRuns();
    if (typeof caches !== 'undefined') await caches.delete(API_READS_CACHE).catch(() => false);
  }, [days]);
}

/** Tells the queue who is logged in (a user id, or null), so that it sends only that learner's answers and guests'. */
export function useQueueOwner(): (owner: string | null) => void {
  const { queue } = useOffline();
  return useCallback((owner) => queue.setOwner(owner), [queue]);
}

/** Whether the session has ended elsewhere (and the queue keeps the learner's answers for their next login). */
export function useSessionEnded(): () => boolean {
  const { queue } = useOffline();
  return useCallback(() => queue.getStatus().loggedOut === true, [queue]);
}

/**
 * The learner whose session ended chooses to go on as a guest: logging out forgets the ended session's cookie (the
 * server keeps it until then, decision 0002) and what was kept offline for the account, and the queue sends new
 * answers again, as a guest's.
 */
export function useContinueAsGuest(): () => void {
  const { queue } = useOffline();
  const queryClient = useQueryClient();
  const forget = useForgetOfflineData();
  return useCallback(() => {
    void call(client.GET('/api/auth/logout'))
      .catch(() => undefined)
      .then(forget)
      .then(() => {
        queue.continueAsGuest();
        void queryClient.invalidateQueries({ predicate: isSessionQuery });
      });
  }, [queue, queryClient, forget]);
}

/** Resolves once the queue has sent what it can (before asking the server for the next batch). */
export function useQueueIdle(): () => Promise<void> {
  const { queue } = useOffline();
  return useCallback(() => queue.idle(), [queue]);
}

/**
 * The reporter of a language's quiz and review: each answer goes to the queue with the time it was given and is
 * sent from there, in order; the quiz counts it as kept once it is stored. `context`: the words were asked in
 * their sentences.
 */
export function useQueuedAnswer({
  language,
  direction,
  words,
  context = false,
}: {
  language: LanguageCode;
  direction: Direction;
  words: readonly Word[] | undefined;
  context?: boolean;
}): ReportAnswer {
  const { queue, days } = useOffline();
  const labels = useMemo(() => new Map((words ?? []).map((w): [string, string] => [w._id, w.word])), [words]);
  return useCallback<ReportAnswer>(
    async (report, ids) => {
      const body = { ...answerBody(report, ids, { direction, context }), answerId: ids.answerId };
      await queue.add({
        kind: 'answer',
        language,
        wordId: report.itemId,
        label: labels.get(report.itemId) ?? '',
        body,
        givenAt: Date.now(),
      });
      await days.markAnswered(language, direction, report.itemId);
    },
    [queue, days, language, direction, labels, context],
  );
}

/** "Undo" and "I was right", queued after the answer they correct, so that they reach the server after it. */
export function useQueuedCorrection(language: LanguageCode): CorrectAnswer {
  const { queue } = useOffline();
  return useCallback<CorrectAnswer>(
    async (answerId, correction) => {
      await queue.add({ kind: 'correction', language, answerId, correction, label: queue.labelOf(answerId) });
    },
    [queue, language],
  );
}
