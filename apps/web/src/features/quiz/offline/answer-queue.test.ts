import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordAnswers, setupQuizTests } from '../test-utils';
import { AnswerQueue, type QueuedCall } from './answer-queue';
import { memoryStore } from './key-value-store';

setupQuizTests();

afterEach(() => vi.restoreAllMocks());

const online = (up: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(up);
const answer = (id: string) =>
  ({ kind: 'answer', language: 'spanish', wordId: id, label: `word ${id}`, body: { verdict: 'correct', answerId: `answer-${id}-000` }, givenAt: Date.now() }) as const;

/** A page's queue over the device's storage: a second one on the same storage is the page after a reload. */
function page(storage: ReturnType<typeof memoryStore<QueuedCall>>) {
  const queue = new AnswerQueue(storage);
  const stop = queue.start();
  return { queue, stop };
}

describe('the answer queue on a shared device', () => {
  it("keeps an account's waiting answers for that account: not sent with a guest's or another account's session", async () => {
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
    expect(received.map((r) => (r.body as { answerId: string }).answerId)).toEqual(['answer-3-000', 'answer-1-000', 'answer-2-000']);
    next.stop();
  });

  it("sends a guest's waiting answers with the account the guest signs up or logs in to, whose progress they join", async () => {
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
  });
});
