import type { AnswerBody } from '@vocab/api';
import type { LanguageCode } from '@vocab/core';
import { ApiError } from '@/lib/api-client';
import { answerLanguageWord } from '../api/answer-language-word';
import { correctAnswer } from '../api/correct-answer';
import type { AnswerCorrection } from '../lib/answer-report';
import { isTransient, sendWithRetry } from '../lib/send-with-retry';
import { type KeyValueStore, keyValueStore } from './key-value-store';

/** An answer of a language's quiz or review, kept until the server has it. */
export interface QueuedAnswer {
  kind: 'answer';
  language: LanguageCode;
  wordId: string;
  /** The word as the learner saw it, to name it if the server refuses the answer. */
  label: string;
  body: AnswerBody & { answerId: string };
  /** When the learner gave it (epoch ms). */
  givenAt: number;
  /** It could not be sent at once (offline, or the server failed): it carries its own time when sent. */
  waited: boolean;
}

/** An "Undo" or "I was right" of a queued or sent answer, sent after it. */
export interface QueuedCorrection {
  kind: 'correction';
  language: LanguageCode;
  answerId: string;
  correction: AnswerCorrection;
  label: string;
}

/**
 * Whose work a call is: an account's user id, or null for a guest's (a guest's progress becomes the account's at
 * signup and login, so its calls may be sent by whoever is logged in next). Absent on calls kept before owners were
 * recorded, and on calls given before the session was known; those are sent by anyone, as before.
 */
type Owned = { owner?: string | null };

export type QueuedCall = (QueuedAnswer | QueuedCorrection) & Owned & { seq: number };
export type NewCall = Omit<QueuedAnswer, 'waited'> | QueuedCorrection;

/** Something the server refused for good: dropped from the queue, and said on screen. */
export interface DroppedCall {
  id: number;
  label: string;
  what: 'answer' | 'undo' | 'i-was-right';
  /** The server's error code and message. */
  code: string;
  reason: string;
}

export interface QueueStatus {
  online: boolean;
  /** Answers that could not be sent at once (offline, or the server failed) and are still in the queue. */
  waiting: number;
  /**
   * The last attempt failed (network or server) and the next waits for RETRY_MS or the network: a warning. While
   * false, answers that wait are being sent, which is no cause for alarm.
   */
  retrying?: boolean;
  /** Answers that had waited and that the server has taken since the queue began to wait: "saved" once all are. */
  delivered: number;
  dropped: readonly DroppedCall[];
  /**
   * The server said the session has ended (401: logged out from another device, or expired): the learner's calls
   * are kept, none is sent, and new ones are kept as theirs too, until they log in again. Never a silent guest.
   */
  loggedOut?: boolean;
}

/** After a failed flush the queue tries again this long after, while online (an `online` event tries at once). */
export const RETRY_MS = 30_000;
/** An answer sent later than this after it was given carries its own time, even if it never failed. */
const LATE_MS = 60_000;

const keyOf = (call: NewCall): string =>
  call.kind === 'answer' ? call.body.answerId : `${call.answerId}/${call.correction}`;

/**
 * The answers of the per-language quizzes and their corrections, in IndexedDB until the server has them
 * (docs/decisions/0011-offline-practice.md). Calls are sent one at a time in the order they were given, so that
 * an undo always follows its answer and answers to one card arrive in order; each keeps its answerId, so a call sent
 * twice (a lost response, two tabs) is recorded once. A network failure or a 5xx stops the flush until the network
 * returns or RETRY_MS passes; any other refusal (a 4xx) drops that call with a note, so the queue never loops on it.
 */
export class AnswerQueue {
  private calls: QueuedCall[] = [];
  private loaded: Promise<void> | null = null;
  private flushing: Promise<void> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private nextDropId = 1;
  private seq = 0;
  /** The session's owner (see Owned); undefined until the app knows the session. */
  private owner: string | null | undefined = undefined;
  /** The last account seen logged in on this page: whose calls these are when its session ends. */
  private account: string | null = null;
  /** Set while the session has ended (see QueueStatus.loggedOut): whose calls wait, null when not known. */
  private ended: { owner: string | null } | null = null;
  private readonly endedListeners = new Set<() => void>();
  private status: QueueStatus;
  private readonly listeners = new Set<() => void>();
  private readonly deliveredListeners = new Set<() => void>();
  /** The word of each answer added in this visit, to name it in a note about its correction. */
  private readonly labels = new Map<string, string>();

  constructor(
    private readonly store: KeyValueStore<QueuedCall> = keyValueStore<QueuedCall>('vocab-answer-queue'),
    private readonly clock: () => number = Date.now,
  ) {
    this.status = { online: isOnline(), waiting: 0, delivered: 0, dropped: [] };
  }

  /** Reads what an earlier visit left, listens for the network, and sends what waits. Returns the stop function. */
  start(): () => void {
    const online = () => {
      this.update({ online: true });
      void this.flush();
    };
    const offline = () => this.update({ online: false });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    void this.load().then(() => this.flush());
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      clearTimeout(this.retryTimer);
    };
  }

  getStatus = (): QueueStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Called after each call the server took (to refresh progress figures). */
  onDelivered(listener: () => void): () => void {
    this.deliveredListeners.add(listener);
    return () => this.deliveredListeners.delete(listener);
  }

  /**
   * Who is logged in now (a user id, or null for a guest or visitor). Only their calls and guests' are sent: an
   * account's answers left waiting at logout stay on the device until that account logs in again, instead of being
   * sent with the next person's session.
   */
  setOwner(owner: string | null): void {
    // Logging in (again) ends the wait; the ended session reading as "no one" does not.
    const loggedIn = owner !== null && this.ended !== null;
    if (owner === this.owner && !loggedIn) return;
    this.owner = owner;
    if (owner !== null) this.account = owner;
    if (loggedIn) {
      this.ended = null;
      this.update({ loggedOut: false });
    }
    this.counts();
    void this.flush();
  }

  /** Called when the server says the session has ended (to refresh what the page knows of it). */
  onEnded(listener: () => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  /**
   * The learner chose to go on as a guest (after logging out, which forgets the ended session's cookie): the calls
   * kept for the account wait for it, and new ones are a guest's.
   */
  continueAsGuest(): void {
    this.ended = null;
    this.update({ loggedOut: false });
    this.counts();
    void this.flush();
  }

  /**
   * Another read of the page was refused for want of a session (401) while an account was logged in: its session
   * has ended (logged out elsewhere, a password changed on another device), as if an answer had been refused.
   */
  sessionEnded(): void {
    if (this.ended === null && this.account !== null) this.end(this.account);
  }

  private end(owner: string | null): void {
    this.ended = { owner };
    this.update({ loggedOut: true });
    this.counts();
    this.endedListeners.forEach((l) => l());
  }

  /** Keeps a call until the server has it; resolves once it is stored (not sent), and sends it when it can. */
  async add(call: NewCall): Promise<void> {
    await this.load();
    if (call.kind === 'answer') this.labels.set(call.body.answerId, call.label);
    // While the session has ended, what the learner does next is theirs too, kept for when they log in again.
    const owned: Owned = this.ended
      ? { owner: this.ended.owner }
      : this.owner === undefined
        ? {}
        : { owner: this.owner };
    const queued: QueuedCall =
      call.kind === 'answer'
        ? { ...call, ...owned, waited: !isOnline(), seq: this.nextSeq() }
        : { ...call, ...owned, seq: this.nextSeq() };
    this.calls.push(queued);
    this.counts();
    try {
      await this.store.set(keyOf(queued), queued);
    } catch {
      // Storage full or refused: the call is still sent from memory while the page is open.
    }
    void this.flush();
  }

  /** The word an answer of this visit was given to. */
  labelOf(answerId: string): string {
    return this.labels.get(answerId) ?? '';
  }

  /** Resolves when nothing more can be sent now: the queue is empty, offline, or waiting to retry. */
  idle(): Promise<void> {
    return this.flushing ?? Promise.resolve();
  }

  dismiss(id: number): void {
    this.update({ dropped: this.status.dropped.filter((d) => d.id !== id) });
  }

  private nextSeq(): number {
    // Ordered across visits: a call added after a reload follows those left by the previous visit.
    this.seq = Math.max(this.seq + 1, this.clock() * 1000);
    return this.seq;
  }

  private load(): Promise<void> {
    this.loaded ??= this.store
      .entries()
      .catch(() => [] as Array<[string, QueuedCall]>)
      .then((stored) => {
        const known = new Set(this.calls.map(keyOf));
        const earlier = stored.map(([, call]) => call).filter((call) => !known.has(keyOf(call)));
        this.calls = [...earlier, ...this.calls].sort((a, b) => a.seq - b.seq);
        this.seq = Math.max(this.seq, ...this.calls.map((c) => c.seq));
        this.counts();
      });
    return this.loaded;
  }

  private flush(): Promise<void> {
    this.flushing ??= this.sendAll().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async sendAll(): Promise<void> {
    await this.load();
    clearTimeout(this.retryTimer);
    if (this.status.retrying && isOnline()) this.update({ retrying: false });
    for (let call = this.calls.find(this.sendable); call && isOnline(); call = this.calls.find(this.sendable)) {
      const outcome = await this.send(call);
      if (outcome === 'ended') {
        this.counts();
        return;
      }
      if (outcome === 'later') {
        this.calls.forEach((c) => {
          if (c.kind === 'answer') c.waited = true;
        });
        this.update({ retrying: true });
        this.counts();
        await Promise.all(this.calls.map((c) => this.store.set(keyOf(c), c).catch(() => undefined)));
        this.retryTimer = setTimeout(() => void this.flush(), RETRY_MS);
        return;
      }
      this.calls.splice(this.calls.indexOf(call), 1);
      await this.store.delete(keyOf(call)).catch(() => undefined);
      const waited = outcome === 'sent' && call.kind === 'answer' && call.waited;
      this.counts(waited ? this.status.delivered + 1 : this.status.delivered);
      if (outcome === 'sent') this.deliveredListeners.forEach((l) => l());
    }
  }

  private async send(call: QueuedCall): Promise<'sent' | 'dropped' | 'later' | 'ended'> {
    let refusal: ApiError | null = null;
    const saved = await sendWithRetry(async () => {
      try {
        await this.request(call);
      } catch (err) {
        if (err instanceof ApiError && !isTransient(err)) refusal = err;
        throw err;
      }
    });
    if (saved) return 'sent';
    const refused = refusal as ApiError | null;
    if (!refused) return 'later';
    if (refused.status === 401) {
      // Kept, not dropped: it is sent as the learner once they log in again.
      this.end(call.owner ?? this.account);
      return 'ended';
    }
    const what = call.kind === 'answer' ? 'answer' : call.correction;
    const dropped: DroppedCall = {
      id: this.nextDropId++,
      label: call.label,
      what,
      code: refused.code,
      reason: refused.message,
    };
    this.update({ dropped: [...this.status.dropped, dropped] });
    return 'dropped';
  }

  private request(call: QueuedCall): Promise<unknown> {
    if (call.kind === 'correction') return correctAnswer(call.language, call.answerId, call.correction);
    const late = call.waited || this.clock() - call.givenAt > LATE_MS;
    return answerLanguageWord(
      call.language,
      call.wordId,
      late ? { ...call.body, answeredAt: call.givenAt } : call.body,
    );
  }

  /**
   * A guest's calls, and those of the account logged in now (in the order given: each learner's stay in order);
   * none while the session has ended, as the server would refuse them all.
   */
  private readonly sendable = (call: QueuedCall): boolean =>
    this.ended === null && (call.owner == null || call.owner === this.owner);

  /** The learner's own calls: those it may send, and while its session has ended, those kept for it. */
  private readonly own = (call: QueuedCall): boolean =>
    this.ended === null ? this.sendable(call) : call.owner == null || call.owner === this.ended.owner;

  /** The waiting count (the learner's own); `delivered` restarts when answers begin to wait after all were sent. */
  private counts(delivered = this.status.delivered): void {
    const waiting = this.calls.filter(
      (c) => c.kind === 'answer' && (c.waited || this.ended !== null) && this.own(c),
    ).length;
    this.update({ waiting, delivered: this.status.waiting === 0 && waiting > 0 ? 0 : delivered });
  }

  private update(change: Partial<QueueStatus>): void {
    this.status = { ...this.status, ...change };
    this.listeners.forEach((l) => l());
  }
}

/** The browser's word on the network; a page that cannot tell is taken to be online. */
const isOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;
