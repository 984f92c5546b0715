import { Verdict, type Word, WordList } from '@vocab/api';
import { type ZodType, z } from 'zod';
import type { QuizProgress } from '@vocab/core';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A quiz under way: its words, as the page got them, where it stands in them, and its session id: the server takes
 * a second answer to a word in the same session as practice, so a word missed before the reload stays missed. The
 * word quizzes keep the API's words; the secret quiz keeps the pairs it drew (`W`).
 */
export interface SavedRun<W = Word> {
  words: W[];
  progress: QuizProgress;
  sessionId: string;
  /**
   * The answer named under the word asked ("Last answer"), so that a reload, even during the pause after a miss,
   * still shows the right answer. Runs kept before it was kept have none.
   */
  lastAnswer?: KeptAnswer;
}

/** An answer as the "Last answer" line names it: its word (by item id), what was typed and the verdict. */
export const KeptAnswer = z.object({ itemId: z.string(), typed: z.string(), verdict: Verdict });
export type KeptAnswer = z.infer<typeof KeptAnswer>;

/** What QuizScreen needs to resume a run and to keep it up to date. */
export interface QuizRun {
  /** Where the quiz stood before the page was reloaded, and its session; null to start it afresh. */
  resume: Pick<SavedRun, 'progress' | 'sessionId' | 'lastAnswer'> | null;
  /**
   * Called after each answer with where the quiz now stands (null once it is over), its session and the answer named.
   */
  keep: (progress: QuizProgress | null, sessionId: string, lastAnswer: KeptAnswer | null) => void;
}

const PREFIX = 'vocab-quiz-run:';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage refused (some privacy settings): the quiz runs, and a reload starts it afresh.
    return null;
  }
}

const isIds = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((id) => typeof id === 'string');
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function progressOf(value: unknown): QuizProgress | null {
  if (typeof value !== 'object' || value === null) return null;
  const p = value as Record<string, unknown>;
  const { round, items, wrong, index, score, answered, missed } = p;
  if (
    !isCount(round) ||
    !isCount(index) ||
    !isCount(score) ||
    !isIds(items) ||
    !isIds(wrong) ||
    !isIds(answered) ||
    !isIds(missed)
  )
    return null;
  return { round, items, wrong, index, score, answered, missed };
}

/**
 * The run kept under `key`, or null when there is none or it is unreadable (written by an older version). Its words
 * are read with `wordsSchema`: the API's words unless another is given.
 */
export function readRun(key: string): SavedRun | null;
export function readRun<W>(key: string, wordsSchema: ZodType<W[]>): SavedRun<W> | null;
export function readRun(key: string, wordsSchema: ZodType<unknown[]> = WordList): SavedRun<unknown> | null {
  try {
    const raw = storage()?.getItem(PREFIX + key);
    if (!raw) return null;
    const value = JSON.parse(raw) as { words?: unknown; progress?: unknown; sessionId?: unknown; lastAnswer?: unknown };
    const words = wordsSchema.safeParse(value.words);
    const progress = progressOf(value.progress);
    const lastAnswer = KeptAnswer.optional().safeParse(value.lastAnswer);
    const { sessionId } = value;
    if (!words.success || !progress || typeof sessionId !== 'string' || !lastAnswer.success) return null;
    return { words: words.data, progress, sessionId, ...(lastAnswer.data ? { lastAnswer: lastAnswer.data } : {}) };
  } catch {
    return null;
  }
}

export function writeRun<W>(key: string, run: SavedRun<W> | null): void {
  try {
    if (run) storage()?.setItem(PREFIX + key, JSON.stringify(run));
    else storage()?.removeItem(PREFIX + key);
  } catch {
    // Full or refused: only a reload's resume is lost.
  }
}

/** Forgets every run of this tab, when the learner changes: the next one must not resume another's quiz. */
export function forgetRuns(): void {
  const store = storage();
  if (!store) return;
  const ours = (k: string | null): k is string => k !== null && (k.startsWith(PREFIX) || k.startsWith(RESUME_PREFIX));
  const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(ours);
  for (const key of keys) store.removeItem(key);
}

const RESUME_PREFIX = 'vocab-quiz-resume:';

/**
 * The quiz at `key` is left to log in again after its session ended elsewhere: coming back to it, the learner goes
 * on where they were, as after a reload, instead of starting a new batch that asks the answered words again.
 */
export function resumeAfterLogin(key: string): void {
  try {
    storage()?.setItem(RESUME_PREFIX + key, '1');
  } catch {
    // Refused: the quiz starts afresh after the login.
  }
}

function resumeMarked(key: string): boolean {
  try {
    return storage()?.getItem(RESUME_PREFIX + key) === '1';
  } catch {
    return false;
  }
}

/** The browser's reloads whose quiz has been resumed: one resume per reload. */
const resumedLoads = new WeakSet<PerformanceEntry>();

/**
 * How this document was loaded, when the browser reloaded it at `key` (a path and query): the one case a kept run is
 * resumed in. Reached any other way (a link, a new visit) the page starts a new batch: a level chosen or a placement
 * test taken since has changed which words come next.
 */
function reloadOf(key: string): PerformanceEntry | null {
  const entry = typeof performance === 'undefined' ? undefined : performance.getEntriesByType('navigation')[0];
  if (!entry || (entry as PerformanceNavigationTiming).type !== 'reload' || resumedLoads.has(entry)) return null;
  const url = new URL(entry.name, 'http://localhost');
  return url.pathname + url.search === key ? entry : null;
}

/** What a page running a quiz over words of type `W` gets from useQuizRun. */
export interface PageQuizRun<W = Word> {
  /** The quiz this page was running when it was reloaded, read once; null when there is none. */
  resumed: SavedRun<W> | null;
  /** The QuizScreen setting of a quiz over `words`: resumes the kept run if these are its words. */
  runOf: (words: readonly W[]) => QuizRun;
  /** Drops the resumed run: the learner asked for a new batch. */
  startAfresh: () => void;
}

/**
 * The running quiz of this page (its path and query: `/spanish-quiz`, `/french-quiz?direction=recall`), kept for the
 * tab in sessionStorage, so that a reload, online or offline, resumes it at the same word with the same score rather
 * than starting a new batch. The words are kept with it: a new batch would no longer hold the words answered. A quiz
 * over other words than the API's (the secret quiz's pairs) gives the schema they are read back with.
 */
export function useQuizRun(): PageQuizRun;
export function useQuizRun<W>(wordsSchema: ZodType<W[]>): PageQuizRun<W>;
export function useQuizRun<W>(wordsSchema?: ZodType<W[]>): PageQuizRun<W> {
  // Without a schema the words are the API's (the first signature): W is Word.
  const schema = wordsSchema ?? (WordList as unknown as ZodType<W[]>);
  const { pathname, search } = useLocation();
  const key = pathname + search;
  const [reload] = useState(() => reloadOf(key));
  const [afterLogin] = useState(() => resumeMarked(key));
  const [resumed, setResumed] = useState(() => (reload || afterLogin ? readRun(key, schema) : null));
  // Once shown, this reload's run is not resumed again: going to another page and back starts a new batch.
  useEffect(() => {
    if (reload) resumedLoads.add(reload);
    if (afterLogin) storage()?.removeItem(RESUME_PREFIX + key);
  }, [reload, afterLogin, key]);
  const runOf = useCallback(
    (words: readonly W[]): QuizRun => ({
      resume: resumed && resumed.words === words ? resumed : null,
      keep: (progress, sessionId, lastAnswer) =>
        writeRun(
          key,
          progress ? { words: [...words], progress, sessionId, ...(lastAnswer ? { lastAnswer } : {}) } : null,
        ),
    }),
    [key, resumed],
  );
  const startAfresh = useCallback(() => {
    writeRun(key, null);
    setResumed(null);
  }, [key]);
  return { resumed, runOf, startAfresh };
}
