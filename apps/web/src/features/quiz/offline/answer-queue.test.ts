import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordAnswers } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { AnswerQueue, type QueuedCall } from './answer-queue';
import { memoryStore } from './key-value-store';

afterEach(() => vi.restoreAllMocks());

const online = (up: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(up);
const answer = (id: string) =>
  ({
    kind: 'answer',
    language: 'spanish',
    wordId: id,
    label: `word ${id}`,
    body: { verdict: 'correct', answerId: `answer-${id}-000` },
    givenAt: Date.now(),
  }) as const;

/** A page's queue over the device's storage: a second one on the same storage is the page after a reload. */
function page(storage: ReturnType<typeof memoryStore<QueuedCall>>) {
  const queue = new AnswerQueue(storage);
  const stop = queue.start();
  return { queue, stop };
}

describe('the answer queue on a shared device', () => {
  it(
    "keeps an account's waiting answers for that account: " + "not sent with a guest's or another account's session",
    async () => {
      const received = recordAnswers();
      const storage = memoryStore<QueuedCall>();
      online(false);
      const ana = page(storage);
      ana.queue.setOwner('ana');
      await ana.queue.add(answer('1'));
      await ana.queue.add(answer('2'));
      expect(ana.queue.getStatus().waiting).toBe(2);
      ana.stop();

      // Ana logged out (a visitor now), then Ben logged in, on the same browser, online.
      online(true);
      const next = page(storage);
      next.queue.setOwner(null);
      await next.queue.idle();
      next.queue.setOwner('ben');
      await next.queue.add(answer('3'));
      await next.queue.idle();
      expect(received.map((r) => (r.body as { answerId: string }).answerId)).toEqual(['answer-3-000']);
      expect(next.queue.getStatus().waiting).toBe(0);

      // Ana logs in again: hers go, in the order she gave them.
      next.queue.setOwner('ana');
      await vi.waitFor(() => expect(received).toHaveLength(3));
      expect(received.map((r) => (r.body as { answerId: string }).answerId)).toEqual([
        'answer-3-000',
        'answer-1-000',
        'answer-2-000',
      ]);
      next.stop();
    },
  );

  it(
    "sends a guest's waiting answers with the account the " + 'guest signs up or logs in to, whose progress they join',
    async () => {
      const received = recordAnswers();
      const storage = memoryStore<QueuedCall>();
      online(false);
      const guest = page(storage);
      guest.queue.setOwner(null);
      await guest.queue.add(answer('1'));
      guest.stop();

      online(true);
      const next = page(storage);
      next.queue.setOwner('ana');
      await vi.waitFor(() => expect(received).toHaveLength(1));
      next.stop();
    },
  );
});

describe('the answer queue when the session ends elsewhere', () => {
  it(
    "keeps the refused answer and the next ones as the account's, " +
      'sends nothing meanwhile, and sends them in order once the learner logs in again',
    async () => {
      // Logged out from another browser's sessions list: the server refuses this browser's next answer with 401.
      let loggedIn = true;
      const received = recordAnswers(() => (loggedIn ? 200 : 401));
      online(true);
      const storage = memoryStore<QueuedCall>();
      const { queue, stop } = page(storage);
      const ended = vi.fn();
      queue.onEnded(ended);
      queue.setOwner('ana');
      await queue.add(answer('1'));
      await queue.idle();
      loggedIn = false;
      await queue.add(answer('2'));
      await queue.idle();
      expect(queue.getStatus()).toMatchObject({ loggedOut: true, waiting: 1, dropped: [] });
      expect(ended).toHaveBeenCalledTimes(1);

      // The page learns there is no session now; the learner goes on answering: nothing is sent, not as a guest either.
      queue.setOwner(null);
      await queue.add(answer('3'));
      await queue.idle();
      expect(received).toHaveLength(2);
      expect(queue.getStatus()).toMatchObject({ loggedOut: true, waiting: 2 });
      const kept = await storage.entries();
      expect(kept.map(([, c]) => c.owner)).toEqual(['ana', 'ana']);

      // Logged in again on this browser: both go, in the order given, and the notice goes.
      loggedIn = true;
      queue.setOwner('ana');
      await vi.waitFor(() => expect(received).toHaveLength(4));
      expect(received.map((r) => (r.body as { answerId: string }).answerId)).toEqual([
        'answer-1-000',
        'answer-2-000',
        'answer-2-000',
        'answer-3-000',
      ]);
      expect(queue.getStatus()).toMatchObject({ loggedOut: false, waiting: 0 });
      stop();
    },
  );

  it(
    "sends a guest's new answers only after the learner " + "chose to go on as a guest; the account's wait for it",
    async () => {
      let session: 'ended' | 'guest' | 'ana' = 'ended';
      const received = recordAnswers(() => (session === 'ended' ? 401 : 200));
      online(true);
      const storage = memoryStore<QueuedCall>();
      const { queue, stop } = page(storage);
      queue.setOwner('ana');
      await queue.add(answer('1'));
      await queue.idle();
      expect(queue.getStatus().loggedOut).toBe(true);

      session = 'guest';
      queue.setOwner(null);
      queue.continueAsGuest();
      await queue.add(answer('2'));
      await queue.idle();
      expect(received.map((r) => (r.body as { answerId: string }).answerId)).toEqual(['answer-1-000', 'answer-2-000']);
      expect(queue.getStatus()).toMatchObject({ loggedOut: false, waiting: 0 });

      session = 'ana';
      queue.setOwner('ana');
      await vi.waitFor(() => expect(received).toHaveLength(3));
      expect((received[2]?.body as { answerId: string }).answerId).toBe('answer-1-000');
      stop();
    },
  );
});
