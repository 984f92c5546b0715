import { LANGUAGES } from '@vocab/core';
import type { Clock } from '../../lib/clock.js';
import type { Mail, Mailer } from '../../lib/mail-queue.js';
import { Periodic } from '../../lib/periodic.js';
import type { EmailRepository } from '../account/email.repository.js';
import { localTime, reminderUtcHour } from './local-time.js';
import { type ReminderCandidate, type RemindersRepository, SEND_WINDOW_HOURS } from './reminders.repository.js';
import { type RemindersService, UNSUBSCRIBE_PAGE } from './reminders.service.js';

const FIRST_RUN_DELAY_MS = 30_000;
const DAY_MS = 86_400_000;

export interface ReminderPassResult {
  /**
   * Learners with reminders on and a confirmed address whose reminder hour is near (RemindersRepository.candidates).
   */
  candidates: number;
  queued: number;
}

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

const languageName = (code: string): string => LANGUAGES.find((l) => l.code === code)?.name ?? code;

/**
 * Daily reminders, on a timer. A pass finds the learners whose chosen hour it is on a chosen day of
 * theirs, in their own time zone, who have not practised that day; each one's reminder is claimed for that local day
 * and queued in the outbox in one transaction (RemindersRepository.claimAndQueue), so instances running passes at
 * once send one, and a restart mid-pass neither loses a queued reminder nor sends a second.
 */
export class ReminderJob {
  private readonly periodic = new Periodic(() =>
    this.runOnce().then(
      (result) => {
        if (result.queued > 0) this.log.info(result, 'reminders queued');
      },
      (err: unknown) => this.log.warn({ err }, 'reminder pass failed; the next one will try again'),
    ),
  );

  private readonly reminders: RemindersRepository;
  private readonly emails: EmailRepository;
  private readonly service: RemindersService;
  private readonly mailer: Mailer;
  private readonly clock: Clock;
  private readonly log: Log;

  constructor(deps: {
    reminders: RemindersRepository;
    emails: EmailRepository;
    service: RemindersService;
    mailer: Mailer;
    clock: Clock;
    log: Log;
  }) {
    ({
      reminders: this.reminders,
      emails: this.emails,
      service: this.service,
      mailer: this.mailer,
      clock: this.clock,
      log: this.log,
    } = deps);
  }

  async runOnce(): Promise<ReminderPassResult> {
    const now = this.clock();
    const candidates = await this.reminders.candidates(now);
    let queued = 0;
    for (const candidate of candidates) {
      if (await this.remind(candidate, now)) queued += 1;
    }
    if (queued > 0) void this.mailer.kick();
    await this.reminders.purgeClaims(now - 7 * DAY_MS);
    await this.emails.purgeTokens(now);
    return { candidates: candidates.length, queued };
  }

  private async remind(c: ReminderCandidate, now: number): Promise<boolean> {
    const utcHour = reminderUtcHour(c.hour, c.timeZone, now);
    if (utcHour !== c.utcHour) await this.reminders.setUtcHour(c.userId, utcHour);
    const local = localTime(now, c.timeZone);
    if (!c.days.includes(local.weekday) || local.hour < c.hour || local.hour >= c.hour + SEND_WINDOW_HOURS)
      return false;
    if (await this.reminders.claimed(c.userId, local.date)) return false;
    const last = await this.reminders.lastAnswerAt(c.userId);
    if (last !== null && localTime(last, c.timeZone).date === local.date) return false;
    const mail = await this.compose(c, now);
    return (
      mail !== null && (await this.reminders.claimAndQueue({ userId: c.userId, localDate: local.date }, mail, now))
    );
  }

  /**
   * The words waiting, with a link straight to their review; with none due, the daily goal (no answer yet today, so
   * it is not met) and a link to the quiz. Null for a learner with no language yet: there is nothing to link to.
   */
  private async compose(c: ReminderCandidate, now: number): Promise<Mail | null> {
    const due = await this.reminders.dueWords(c.userId, now);
    const top = due[0];
    const language = top?.language ?? (await this.reminders.firstLanguage(c.userId));
    if (!language) return null;
    const total = due.reduce((sum, d) => sum + d.words, 0);
    const query = await this.service.unsubscribeQuery(c.userId);
    const unsubscribe = this.mailer.link(`/api/reminders/unsubscribe?${query}`);
    const unsubscribePage = this.mailer.link(`${UNSUBSCRIBE_PAGE}?${query}`);
    const [subject, lines] = top
      ? [
          total === 1 ? '1 word is waiting for you' : `${total} words are waiting for you`,
          [
            `${total === 1 ? '1 word is' : `${total} words are`} due for review` +
              `${due.length > 1 ? ` (${top.words} in ${languageName(top.language)})` : ''}.`,
            'Review them now:',
            this.mailer.link(`/${top.language}/up-for-review`),
          ],
        ]
      : [
          'Your daily practice is waiting',
          [
            `You have not practised today: your daily goal is ${c.dailyGoal} answers.`,
            `Practise ${languageName(language)} now:`,
            this.mailer.link(`/${language}-quiz`),
          ],
        ];
    return {
      userId: c.userId,
      kind: 'reminder',
      to: c.address,
      subject,
      text: [
        `Hello ${c.username},`,
        '',
        ...lines,
        '',
        // One sentence a line (the mail program wraps to its window), and the footer under the signature line ("-- ",
        // with its space), which mail programs show quieter and leave out of a reply.
        '-- ',
        'You get this because you turned on daily reminders in your Vocab settings.',
        `Stop these reminders: ${unsubscribePage}`,
      ].join('\n'),
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      // A reminder that could not go out today is of no use tomorrow.
      expiresAt: now + SEND_WINDOW_HOURS * 3_600_000,
    };
  }

  start(intervalMs: number): void {
    this.periodic.start(intervalMs, FIRST_RUN_DELAY_MS);
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
