/**
 * The daily routine of the simulated learner, the same whoever schedules: review everything due (one pass, the
 * answer shown after a miss, as the review quiz does), then learn a batch of new words, missed ones coming back
 * in further rounds until right (as the generic quiz does). Within one quiz session only the first answer to a
 * word is a review; later ones are practice and do not reschedule (docs/decisions/0005-scheduling.md).
 */
import { DAY_MS, type Learner } from './memory-model.js';

/** Simulated seconds between two answers in a session. */
const ANSWER_MS = 10_000;
/** A word still wrong after this many rounds is left for another day (it never happens with this model). */
const MAX_ROUNDS = 10;

/** Who schedules: the real server through its API, or a rule simulated here. Words are the model's indexes. */
export interface Scheduler {
  readonly name: string;
  /** Starts day `day` (0, 1, …): the clock moves to that day's session. */
  startDay(day: number): Promise<void>;
  /** Words due now, in the order to review them; `exclude` are those reviewed already today. */
  due(exclude: ReadonlySet<number>): Promise<number[]>;
  /** `count` words never studied, numbered on from the last one. */
  learnNew(count: number): Promise<number[]>;
  /** Records an answer in quiz session `session`; returns whether it rescheduled the word (false for practice). */
  answer(word: number, right: boolean, session: string): Promise<boolean>;
  /** The day's sessions are over (the server fits memory models then, as its timer would overnight). */
  endDay?(): Promise<void>;
}

export interface StudyTotals {
  /** Answers to words on the review list: the reviews a schedule asks for. */
  reviews: number;
  /** Of those, the ones answered right (a schedule aiming at 90% recall and well fitted to the learner gets 0.9). */
  reviewsRight: number;
  /** The learner's true probability of recall at each review, summed (÷ reviews: the mean a schedule aims at). */
  recallAtReview: number;
  /** Every answer: reviews, first sights and in-session retries. */
  answers: number;
}

export interface StudyOptions {
  days: number;
  newPerDay: number;
}

/** Runs the routine for `days` days and returns its totals; the learner's state is read from `model` afterwards. */
export async function study(
  scheduler: Scheduler,
  model: Learner,
  { days, newPerDay }: StudyOptions,
  startMs: number,
): Promise<StudyTotals> {
  const totals: StudyTotals = { reviews: 0, reviewsRight: 0, recallAtReview: 0, answers: 0 };
  const ask = async (word: number, now: number, session: string, expectReview: boolean): Promise<boolean> => {
    const right = model.answer(word, now);
    const rescheduled = await scheduler.answer(word, right, session);
    if (rescheduled !== expectReview) {
      throw new Error(
        `${scheduler.name}: answer to word ${word} in ${session} ` +
          `${rescheduled ? 'rescheduled it' : 'was not a review'}`,
      );
    }
    totals.answers++;
    return right;
  };
  for (let day = 0; day < days; day++) {
    await scheduler.startDay(day);
    let now = startMs + day * DAY_MS;

    const reviewSession = `review-${day}`;
    const reviewed = new Set<number>();
    for (let due = await scheduler.due(reviewed); due.length > 0; due = await scheduler.due(reviewed)) {
      for (const word of due) {
        reviewed.add(word);
        totals.recallAtReview += model.recall(word, now);
        if (await ask(word, now, reviewSession, true)) totals.reviewsRight++;
        totals.reviews++;
        now += ANSWER_MS;
      }
    }

    const learnSession = `learn-${day}`;
    let round = await scheduler.learnNew(newPerDay);
    for (let n = 0; n < MAX_ROUNDS && round.length > 0; n++) {
      const missed: number[] = [];
      for (const word of round) {
        if (!(await ask(word, now, learnSession, n === 0))) missed.push(word);
        now += ANSWER_MS;
      }
      round = missed;
    }
    await scheduler.endDay?.();
  }
  return totals;
}

/**
 * A schedule simulated in-process: after each review, the number of days until the word is due again, from what
 * the rule keeps per word (`box`) and the answer.
 */
export interface Rule {
  name: string;
  next(box: number | null, right: boolean): { box: number; days: number };
}

const LEITNER_DAYS = [1, 2, 4, 8, 16, 32];

/**
 * Leitner boxes of 1, 2, 4, 8, 16 and 32 days: a right answer moves the word up a box, a wrong one back to the
 * first. A new word starts in the first box, so a right first sight puts it in the second.
 */
export const LEITNER: Rule = {
  name: 'Leitner 1-2-4-8-16-32 days',
  next(box, right) {
    const to = right ? Math.min((box ?? 0) + 1, LEITNER_DAYS.length - 1) : 0;
    return { box: to, days: LEITNER_DAYS[to] ?? 1 };
  },
};

/** Every word again two days after each review, right or wrong. */
export const EVERY_TWO_DAYS: Rule = {
  name: 'Every 2 days',
  next: () => ({ box: 0, days: 2 }),
};

/**
 * What an in-process schedule needs besides its rule: new words numbered on, and a session's first answer as the
 * review.
 */
abstract class LocalScheduler implements Scheduler {
  abstract readonly name: string;
  protected day = 0;
  private studied = 0;
  private readonly sessions = new Map<string, Set<number>>();

  startDay(day: number): Promise<void> {
    this.day = day;
    return Promise.resolve();
  }

  abstract due(exclude: ReadonlySet<number>): Promise<number[]>;

  learnNew(count: number): Promise<number[]> {
    const words = Array.from({ length: count }, (_, i) => this.studied + i);
    this.studied += count;
    return Promise.resolve(words);
  }

  answer(word: number, right: boolean, session: string): Promise<boolean> {
    const seen = this.sessions.get(session) ?? new Set<number>();
    this.sessions.set(session, seen);
    if (seen.has(word)) return Promise.resolve(false);
    seen.add(word);
    this.review(word, right);
    return Promise.resolve(true);
  }

  /** A session's first answer to a word: the schedule's own bookkeeping. */
  protected abstract review(word: number, right: boolean): void;
}

/**
 * The limit no schedule can beat: it knows the learner's true memory and reviews each word on the last day its
 * recall is still at least `threshold` (or at once, if it is below already), so that every review comes as late as
 * the desired retention allows.
 */
export class OracleScheduler extends LocalScheduler {
  readonly name = 'the limit (knows the true memory)';
  private readonly words = new Set<number>();

  constructor(
    private readonly learner: Learner,
    private readonly startMs: number,
    private readonly threshold: number,
  ) {
    super();
  }

  due(exclude: ReadonlySet<number>): Promise<number[]> {
    const tomorrow = this.startMs + (this.day + 1) * DAY_MS;
    const due = [...this.words]
      .filter((w) => !exclude.has(w))
      .map((w) => ({ w, r: this.learner.recall(w, tomorrow) }))
      .filter((x) => x.r < this.threshold)
      .sort((a, b) => a.r - b.r || a.w - b.w)
      .map((x) => x.w);
    return Promise.resolve(due);
  }

  protected review(word: number): void {
    this.words.add(word);
  }
}

/** The same interface as the server, for a rule: due days are whole days, as a daily learner sees them. */
export class RuleScheduler extends LocalScheduler {
  readonly name: string;
  private readonly cards = new Map<number, { box: number; dueDay: number }>();

  constructor(private readonly rule: Rule) {
    super();
    this.name = rule.name;
  }

  due(exclude: ReadonlySet<number>): Promise<number[]> {
    const due = [...this.cards]
      .filter(([word, card]) => card.dueDay <= this.day && !exclude.has(word))
      .sort(([a, x], [b, y]) => x.dueDay - y.dueDay || a - b)
      .map(([word]) => word);
    return Promise.resolve(due);
  }

  protected review(word: number, right: boolean): void {
    const { box, days } = this.rule.next(this.cards.get(word)?.box ?? null, right);
    this.cards.set(word, { box, dueDay: this.day + days });
  }
}
