/**
 * The typing quiz as one pure state machine. Every quiz of the original is a mode of it (quiz-modes.ts); the
 * reducer reads the mode's rules and never its name. It never sleeps nor reads the clock: after an answer it
 * sets `advanceAfterMs`, and the UI dispatches `advance` once that delay has passed.
 */
import { checkAnswer } from './answer-checker.js';
import type { AnswerKey, CheckResult } from './answer-checker.js';
import type { Lexicon } from './lexicon.js';
import { ADVANCE_DELAY_MS } from './languages.js';
import { modeRules } from './quiz-modes.js';
import type { ModeRules, QuizMode } from './quiz-modes.js';
import type { AlmostReason, Diacritic, Verdict } from './verdict.js';

/** A word to ask. The caller picks the direction: `prompt` is what is shown, `key` what must be typed. */
export interface QuizItem {
  /** Unique within a quiz: reports, first attempts and requeues are keyed by it. */
  id: string;
  prompt: string;
  /** Shown beside an English prompt to say which word it wants ("informal, one person"); empty if none. */
  hint?: string;
  key: AnswerKey;
  /**
   * An empty Enter on this word is "I don't know": a word the learner has never seen, asked from the English, can
   * only be guessed. Elsewhere an empty Enter is a slip, and nothing happens.
   */
  blankIsDontKnow?: boolean;
}

export interface Feedback {
  verdict: Verdict;
  /** The right form ("la casa"), shown with every verdict but a clean `correct`: a mistake always teaches. */
  expected: string;
  reason?: AlmostReason;
  /** The mark the answer missed, forgiven or not ("mind the umlaut: König"). */
  diacritic?: Diacritic;
  /** A wrong answer that is another word of the language ("si"), with its meaning, so the UI can say so. */
  typedWord?: { word: string; meaning: string };
  /** The typed word has the asked meaning too: not a mistake, nothing recorded, the learner tries again. */
  alsoRight?: boolean;
  /** One slip from `expected`, forgiven or not ("thw" for "the"): the letters of `expected` that differ. */
  misspelt?: readonly [number, number];
}

/** An answer for the server. Only a first attempt reschedules the word; a retry is practice. */
export interface AnswerReport {
  itemId: string;
  verdict: Verdict;
  typed: string;
  /** The first answer to this item in this quiz session. */
  firstAttempt: boolean;
}

export interface QuizConfig {
  mode: QuizMode;
  rules: ModeRules;
  strictAccents: boolean;
  otherAnswers: ReadonlySet<string> | undefined;
  entryOf: Lexicon['entryOf'] | undefined;
  advanceDelayMs: number;
}

export interface QuizState {
  readonly config: QuizConfig;
  /**
   * Round 1 holds every item; later rounds (modes that ask missed words again) hold the items missed in the previous
   * one.
   */
  readonly round: { readonly number: number; readonly items: readonly QuizItem[]; readonly wrong: readonly QuizItem[] };
  /** Position in the current round (0-based; equals `total` when finished), for "word i / N" and the progress bar. */
  readonly index: number;
  /** Items in the current round. */
  readonly total: number;
  readonly current: QuizItem | null;
  readonly input: string;
  readonly feedback: Feedback | null;
  /** The input is locked while an accepted or final answer is shown. */
  readonly readOnly: boolean;
  /** Set while an answer is shown: dispatch `advance` after this many milliseconds. */
  readonly advanceAfterMs: number | null;
  /** What `advance` will do; null when there is nothing to advance to. */
  readonly pendingAdvance: { readonly scored: boolean; readonly requeue: boolean } | null;
  /** Accepted answers so far; increases when the quiz moves on, as the spec's "after 2 seconds the score increases". */
  readonly score: number;
  readonly finished: boolean;
  /**
   * "You got {score} / {total} right the first time", once finished: `total` counts the session's distinct items,
   * `score` those never missed. A word asked again in a later round and then typed right is practice, not a score.
   */
  readonly result: { readonly score: number; readonly total: number } | null;
  /** Ids of items answered wrong at least once this session. */
  readonly missed: readonly string[];
  /** Answers not yet taken by the UI (see the `reportsTaken` event). */
  readonly outbox: readonly AnswerReport[];
  /** Ids of items answered at least once this session, to tell first attempts from retries. */
  readonly answered: readonly string[];
  /** The latest answer while it can still be taken back (`undo`) or ruled correct (`overrule`): until the next one. */
  readonly lastAnswer: LastAnswer | null;
}

/**
 * The latest answer, kept beyond the 2-second pause: the learner may act on it while the next word is asked.
 * `report` is the object the outbox held, so that the host can tell which of the answers it sent to take back.
 */
export interface LastAnswer {
  readonly report: AnswerReport;
  readonly item: QuizItem;
  /** The verdict now: `correct` once overruled. */
  readonly verdict: Verdict;
  /** The quiz just before the answer, with an empty field: `undo` returns to it. */
  readonly before: QuizState;
}

export type QuizEvent =
  | { type: 'input'; value: string }
  | { type: 'submit' }
  | { type: 'advance' }
  | { type: 'restart'; items: readonly QuizItem[] }
  /** The UI sent the first `count` reports of the outbox; counting keeps reports added meanwhile. */
  | { type: 'reportsTaken'; count: number }
  /** Takes back the last answer: its word is asked again and the score is as before it. */
  | { type: 'undo' }
  /** "I was right": the last answer, judged wrong, counts as correct. */
  | { type: 'overrule' }
  /** "I don't know": the word's answer is shown, and the word counts as not known. */
  | { type: 'dontKnow' };

export interface StartQuizOptions {
  mode: QuizMode;
  items: readonly QuizItem[];
  strictAccents?: boolean;
  /** Normalised forms of the deck's other words (`otherAnswerSet`), so no typo tolerance accepts one of them. */
  otherAnswers?: ReadonlySet<string>;
  /** The language's words: says which word a wrong answer is, and takes one with the asked meaning as also right. */
  lexicon?: Lexicon;
  advanceDelayMs?: number;
}

function beginRound(
  config: QuizConfig,
  {
    items,
    number,
    carried,
  }: {
    items: readonly QuizItem[];
    number: number;
    carried: Pick<QuizState, 'score' | 'outbox' | 'answered' | 'missed' | 'result'> &
      Partial<Pick<QuizState, 'lastAnswer'>>;
  },
): QuizState {
  const finished = items.length === 0;
  return {
    config,
    round: { number, items, wrong: [] },
    index: 0,
    total: items.length,
    current: items[0] ?? null,
    input: '',
    feedback: null,
    readOnly: finished,
    advanceAfterMs: null,
    pendingAdvance: null,
    score: carried.score,
    finished,
    result: finished ? (carried.result ?? { score: carried.score, total: 0 }) : null,
    outbox: carried.outbox,
    answered: carried.answered,
    missed: carried.missed,
    lastAnswer: carried.lastAnswer ?? null,
  };
}

export function startQuiz(options: StartQuizOptions): QuizState {
  const config: QuizConfig = {
    mode: options.mode,
    rules: modeRules(options.mode),
    strictAccents: options.strictAccents ?? false,
    otherAnswers: options.otherAnswers ?? options.lexicon?.otherAnswers,
    entryOf: options.lexicon?.entryOf,
    advanceDelayMs: options.advanceDelayMs ?? ADVANCE_DELAY_MS,
  };
  return beginRound(config, {
    items: options.items,
    number: 1,
    carried: { score: 0, outbox: [], answered: [], missed: [], result: null },
  });
}

/**
 * Where a quiz stands, by item ids, so that a page reloaded mid-quiz resumes it (the host keeps it with the items).
 * An answer still shown counts as moved on: its report has gone out, and the reload must not ask its word again.
 */
export interface QuizProgress {
  round: number;
  /** The current round's items, in order, and those of them missed so far (asked again in the next round). */
  items: string[];
  wrong: string[];
  index: number;
  score: number;
  answered: string[];
  missed: string[];
}

/** The quiz's progress to keep; null once it is over (nothing to resume). */
export function quizProgress(state: QuizState): QuizProgress | null {
  const at = onAdvance(state);
  if (at.finished) return null;
  const ids = (items: readonly QuizItem[]) => items.map((item) => item.id);
  return {
    round: at.round.number,
    items: ids(at.round.items),
    wrong: ids(at.round.wrong),
    index: at.index,
    score: at.score,
    answered: [...at.answered],
    missed: [...at.missed],
  };
}

/**
 * The quiz started from `options` as it stood at `progress`: same round, word, score and first attempts. A progress
 * that does not fit the items (another batch, a word gone) starts the quiz afresh.
 */
export function resumeQuiz(options: StartQuizOptions, progress: QuizProgress): QuizState {
  const fresh = startQuiz(options);
  const byId = new Map(options.items.map((item) => [item.id, item]));
  const pick = (ids: readonly string[]) => ids.map((id) => byId.get(id));
  const items = pick(progress.items);
  const wrong = pick(progress.wrong);
  const fits = (list: Array<QuizItem | undefined>): list is QuizItem[] => list.every((item) => item !== undefined);
  if (
    !fits(items) ||
    !fits(wrong) ||
    !Number.isInteger(progress.index) ||
    progress.index < 0 ||
    progress.index >= items.length
  )
    return fresh;
  const round = beginRound(fresh.config, {
    items,
    number: progress.round,
    carried: { score: progress.score, outbox: [], answered: progress.answered, missed: progress.missed, result: null },
  });
  return { ...round, index: progress.index, current: items[progress.index] ?? null, round: { ...round.round, wrong } };
}

function check(state: QuizState, item: QuizItem, typed: string): CheckResult {
  return checkAnswer(typed, item.key, {
    strictAccents: state.config.strictAccents,
    ...(state.config.otherAnswers ? { otherAnswers: state.config.otherAnswers } : {}),
    ...(state.config.entryOf ? { entryOf: state.config.entryOf } : {}),
  });
}

/** Records an answer and shows its verdict; every answer moves on after the pause. */
function answer(
  state: QuizState,
  { item, typed, result }: { item: QuizItem; typed: string; result: CheckResult },
): QuizState {
  // Another word with the asked meaning is no mistake: say which word was wanted, record nothing, let them retype.
  if (result.alsoRight) return { ...state, input: typed, feedback: feedbackOf(result) };
  const report: AnswerReport = {
    itemId: item.id,
    verdict: result.verdict,
    typed,
    firstAttempt: !state.answered.includes(item.id),
  };
  const shown = judged(state, result);
  return {
    ...shown,
    input: typed,
    outbox: [...state.outbox, report],
    answered: report.firstAttempt ? [...state.answered, item.id] : state.answered,
    missed: result.verdict === 'wrong' && !state.missed.includes(item.id) ? [...state.missed, item.id] : state.missed,
    // Kept without its own lastAnswer: only the latest answer can be taken back, and the chain stays one long.
    lastAnswer: {
      report,
      item,
      verdict: result.verdict,
      before: { ...state, input: '', feedback: null, lastAnswer: null },
    },
  };
}

function feedbackOf(result: CheckResult): Feedback {
  const typed = result.typedWord;
  return {
    verdict: result.verdict,
    expected: result.expected,
    ...(result.reason ? { reason: result.reason } : {}),
    ...(result.diacritic ? { diacritic: result.diacritic } : {}),
    ...(typed ? { typedWord: { word: typed.word, meaning: typed.translations[0] ?? '' } } : {}),
    ...(result.alsoRight ? { alsoRight: true } : {}),
    ...(result.misspelt ? { misspelt: result.misspelt } : {}),
  };
}

/** The verdict shown, the field locked, and what `advance` will do: the answer's effect on the screen. */
function judged(state: QuizState, result: CheckResult): QuizState {
  const accepted = result.verdict !== 'wrong';
  return {
    ...state,
    feedback: feedbackOf(result),
    readOnly: true,
    // A word asked again after a miss is practice: the score counts what the learner knew.
    pendingAdvance: {
      scored: accepted && !state.missed.includes(state.current?.id ?? ''),
      requeue: !accepted && state.config.rules.askMissedAgain,
    },
    advanceAfterMs: state.config.advanceDelayMs,
  };
}

/** Whether the quiz has moved past the last answer's word (the pause ended, or a new round began). */
function movedOn(state: QuizState, last: LastAnswer): boolean {
  return state.round.number !== last.before.round.number || state.index !== last.before.index || state.finished;
}

/** The quiz as just before the last answer: its word asked again, the score and rounds as they were. */
function onUndo(state: QuizState): QuizState {
  const last = state.lastAnswer;
  if (!last) return state;
  // A report not sent yet is dropped here: the server never hears of it, so there is nothing to take back there.
  return { ...last.before, outbox: state.outbox.filter((r) => r !== last.report), lastAnswer: null };
}

/**
 * "I was right": the answer is judged again as correct, from the quiz as it was before it. If the quiz had moved
 * on, it moves on again at once (scored, not requeued), keeping what the learner has typed for the next word.
 */
function onOverrule(state: QuizState): QuizState {
  const last = state.lastAnswer;
  if (!last || last.verdict !== 'wrong') return state;
  // The form to teach, with its article ("la casa"), as a correct answer would have shown it.
  const result: CheckResult = {
    verdict: 'correct',
    expected: check(last.before, last.item, last.item.key.accepted[0] ?? '').expected,
  };
  const corrected: AnswerReport = { ...last.report, verdict: 'correct' };
  const unsent = state.outbox.includes(last.report);
  const report = unsent ? corrected : last.report;
  const outbox = unsent ? state.outbox.map((r) => (r === last.report ? corrected : r)) : state.outbox;
  const shown: QuizState = {
    ...judged(last.before, result),
    input: last.report.typed,
    outbox,
    answered: state.answered,
    missed: last.before.missed,
  };
  const lastAnswer: LastAnswer = { ...last, report, verdict: 'correct' };
  if (!movedOn(state, last)) return { ...shown, lastAnswer };
  const next = onAdvance(shown);
  const sameWord = next.current !== null && next.current.id === state.current?.id && !state.readOnly;
  return { ...next, input: sameWord ? state.input : '', lastAnswer };
}

function onInput(state: QuizState, value: string): QuizState {
  const item = state.current;
  if (state.finished || state.readOnly || !item) return state;
  const input = state.config.rules.lowercaseInput ? value.toLocaleLowerCase(item.key.locale) : value;
  if (input === state.input && state.feedback === null) return state;
  // Typing again clears a stale verdict (an "also right" word, which is not an answer).
  const typed: QuizState = { ...state, input, feedback: null };
  if (!state.config.rules.autoAcceptOnType) return typed;
  const result = check(state, item, input);
  // Only an exact answer is taken mid-typing: "almost" may just be a word still being typed.
  return result.verdict === 'correct' ? answer(typed, { item, typed: input, result }) : typed;
}

function onSubmit(state: QuizState): QuizState {
  const item = state.current;
  if (state.finished || state.readOnly || !item) return state;
  // A shown verdict with unchanged input (a second Enter) is not a new answer.
  if (state.feedback !== null) return state;
  // An empty Enter is a slip, but on a word never seen yet (not even earlier in this quiz): "I don't know".
  if (state.input.trim() === '')
    return item.blankIsDontKnow && !state.answered.includes(item.id) ? onDontKnow(state) : state;
  return answer(state, { item, typed: state.input, result: check(state, item, state.input) });
}

/** A word the learner has never seen cannot be typed: asked to show it, the quiz answers it as missed, typed empty. */
function onDontKnow(state: QuizState): QuizState {
  const item = state.current;
  if (state.finished || state.readOnly || !item) return state;
  const result: CheckResult = { verdict: 'wrong', expected: check(state, item, '').expected };
  return answer({ ...state, input: '' }, { item, typed: '', result });
}

function onAdvance(state: QuizState): QuizState {
  const pending = state.pendingAdvance;
  if (!pending || !state.current) return state;
  const score = state.score + (pending.scored ? 1 : 0);
  const wrong = pending.requeue ? [...state.round.wrong, state.current] : state.round.wrong;
  const index = state.index + 1;
  const cleared = { input: '', feedback: null, readOnly: false, advanceAfterMs: null, pendingAdvance: null };

  if (index < state.total) {
    return {
      ...state,
      ...cleared,
      score,
      index,
      current: state.round.items[index] ?? null,
      round: { ...state.round, wrong },
    };
  }
  if (wrong.length > 0) {
    return beginRound(state.config, { items: wrong, number: state.round.number + 1, carried: { ...state, score } });
  }
  return {
    ...state,
    ...cleared,
    readOnly: true,
    score,
    index,
    current: null,
    round: { ...state.round, wrong },
    finished: true,
    result: { score: state.answered.length - state.missed.length, total: state.answered.length },
  };
}

export function quizReducer(state: QuizState, event: QuizEvent): QuizState {
  switch (event.type) {
    case 'input':
      return onInput(state, event.value);
    case 'submit':
      return onSubmit(state);
    case 'advance':
      return onAdvance(state);
    case 'restart':
      // A new session ("Learn 15 more words"): only reports not yet taken survive.
      return beginRound(state.config, {
        items: event.items,
        number: 1,
        carried: { score: 0, outbox: state.outbox, answered: [], missed: [], result: null },
      });
    case 'undo':
      return onUndo(state);
    case 'overrule':
      return onOverrule(state);
    case 'dontKnow':
      return onDontKnow(state);
    case 'reportsTaken': {
      const count = Math.max(0, Math.floor(event.count));
      return count === 0 ? state : { ...state, outbox: state.outbox.slice(count) };
    }
  }
}

/**
 * `n` items drawn at random without repetition (a partial Fisher–Yates shuffle), e.g. the secret quiz's 70.
 * `random` returns numbers in [0, 1) like Math.random; it is injected so that tests and replays are repeatable.
 */
export function drawItems<T>(pool: readonly T[], n: number, random: () => number): T[] {
  const copy = [...pool];
  const count = Math.max(0, Math.min(Math.floor(n), copy.length));
  for (let i = 0; i < count; i++) {
    // Clamped: a `random` that returns 1 (or a tiny negative) must not read outside the pool.
    const j = i + Math.max(0, Math.min(Math.floor(random() * (copy.length - i)), copy.length - i - 1));
    const picked = copy[j] as T;
    copy[j] = copy[i] as T;
    copy[i] = picked;
  }
  return copy.slice(0, count);
}
