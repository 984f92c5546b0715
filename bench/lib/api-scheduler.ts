import { randomBytes } from 'node:crypto';
import type { AnswerResponse, Word } from '@vocab/api';
import { DAY_MS } from './memory-model.js';
import type { Scheduler } from './study.js';

const randomId = () => randomBytes(12).toString('base64url');

/**
 * The server's own scheduling (FSRS), driven through its HTTP API as the web app drives it: one account, one
 * language, the default direction throughout (no `direction` is ever sent). The server runs with the test clock
 * (ENABLE_TEST_CLOCK), moved forward a day between sessions.
 */
export class ApiScheduler implements Scheduler {
  readonly name: string;
  private cookie = '';
  /** Model index ↔ server word, in the order words were first studied. */
  private readonly byId = new Map<string, number>();
  private readonly words: Word[] = [];
  /** Quiz session names of the routine → the random ids sent to the server. */
  private readonly sessionIds = new Map<string, string>();
  private started = false;

  /**
   * With `fit`, the server fits the learner's memory model at the end of each day; without, FSRS's defaults throughout.
   */
  constructor(
    private readonly url: string,
    private readonly language: string,
    private readonly fit = true,
  ) {
    this.name = fit ? 'the app (fitted each night)' : "the app with FSRS's defaults";
  }

  async endDay(): Promise<void> {
    if (this.fit) await this.call('POST', '/api/test/fit');
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(this.url + path, {
      method,
      headers: {
        origin: this.url,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (sid) this.cookie = sid.slice(0, sid.indexOf(';'));
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /** Signs up, logs in and adds the language. */
  async signUp(): Promise<void> {
    const account = { username: `learner${randomBytes(4).toString('hex')}`, password: 'simulated learner 1' };
    await this.call('POST', '/api/auth/signup', account);
    await this.call('POST', '/api/auth/login', account);
    await this.call('POST', '/api/users/languages', { language: this.language });
  }

  /**
   * The next day begins a day after the previous session ended, not after it began: a word answered at the end
   * of a session and scheduled a day ahead must be due at the start of the next one.
   */
  async startDay(): Promise<void> {
    if (this.started) await this.call('POST', '/api/test/clock', { offsetMs: DAY_MS });
    this.started = true;
  }

  private index(word: Word): number {
    const index = this.byId.get(word._id);
    if (index === undefined) throw new Error(`the server lists word ${word._id} (${word.word}), never studied`);
    return index;
  }

  async due(exclude: ReadonlySet<number>): Promise<number[]> {
    const words = await this.call<Word[]>('GET', `/api/${this.language}/for-review`);
    return words.map((w) => this.index(w)).filter((i) => !exclude.has(i));
  }

  async learnNew(count: number): Promise<number[]> {
    // The learning batch (`unlearned=true`; the whole list without it): words never studied come first.
    const batch = await this.call<Word[]>('GET', `/api/${this.language}?unlearned=true&limit=${count}`);
    return batch.map((word) => {
      if (this.byId.has(word._id)) throw new Error(`the learning batch offers ${word.word} again`);
      this.byId.set(word._id, this.words.length);
      this.words.push(word);
      return this.words.length - 1;
    });
  }

  /** A right answer is the first translation typed exactly; a wrong one is another word's translation. */
  async answer(index: number, right: boolean, session: string): Promise<boolean> {
    const word = this.words[index];
    if (!word) throw new Error(`no word ${index}`);
    const typed = right ? (word.translations[0] ?? word.translation) : this.wrongAnswer(index);
    let sessionId = this.sessionIds.get(session);
    if (!sessionId) {
      sessionId = randomId();
      this.sessionIds.set(session, sessionId);
    }
    const res = await this.call<AnswerResponse>('PATCH', `/api/${this.language}/${word._id}`, {
      verdict: right ? 'correct' : 'wrong',
      typed,
      sessionId,
      answerId: randomId(),
    });
    // The server may judge the typed text itself: a review it judged otherwise would make the figures meaningless.
    if (res.scheduled && res.word.answeredCorrectly !== right) {
      throw new Error(`the server judged "${typed}" for ${word.word} ${right ? 'wrong' : 'right'}`);
    }
    return res.scheduled;
  }

  /** Another studied word's translation, far from every translation of this one (no typo could explain it). */
  private wrongAnswer(index: number): string {
    const own = (this.words[index]?.translations ?? []).map((t) => t.toLowerCase());
    for (let k = 1; k < this.words.length; k++) {
      const other = this.words[(index + k) % this.words.length]?.translations[0];
      if (other && own.every((t) => editDistance(t, other.toLowerCase()) >= 3)) return other;
    }
    return 'nothing at all';
  }
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(
        (row[j] ?? 0) + 1,
        (next[j - 1] ?? 0) + 1,
        (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    row = next;
  }
  return row[b.length] ?? 0;
}
