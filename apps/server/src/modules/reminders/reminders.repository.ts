import type { ReminderSettings } from '@vocab/api';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { type Mail, queueMail } from '../../lib/mail-queue.js';
import { dueBy } from '../cards/card.js';
import { reminderUtcHour } from './local-time.js';

/** Hours after the chosen one in which a reminder may still go (a pass missed, an hour skipped by daylight saving). */
export const SEND_WINDOW_HOURS = 3;

export const DEFAULT_REMINDER: ReminderSettings = {
  enabled: false,
  hour: 18,
  timeZone: 'UTC',
  days: [1, 2, 3, 4, 5, 6, 7],
};

/** A learner whose reminder is on and whose address is confirmed. */
export interface ReminderCandidate extends ReminderSettings {
  userId: string;
  username: string;
  address: string;
  dailyGoal: number;
  /** The UTC hour stored for the reminder; null before a pass or a save set it. */
  utcHour: number | null;
}

const parseDays = (days: string): number[] => days.split(',').filter(Boolean).map(Number);

/** Kysely only: reminder settings, the day's claims, and what a reminder says (read from the learning tables). */
export class RemindersRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly write: Db['writeTransaction'],
  ) {}

  async get(userId: string): Promise<ReminderSettings> {
    const row = await this.db
      .selectFrom('reminder_settings')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row
      ? { enabled: row.enabled === 1, hour: row.hour, timeZone: row.time_zone, days: parseDays(row.days) }
      : DEFAULT_REMINDER;
  }

  async save(userId: string, s: ReminderSettings, now: number): Promise<void> {
    const values = {
      enabled: s.enabled ? 1 : 0,
      hour: s.hour,
      time_zone: s.timeZone,
      days: [...new Set(s.days)].sort().join(','),
      utc_hour: reminderUtcHour(s.hour, s.timeZone, now),
      updated_at: now,
    };
    await this.db
      .insertInto('reminder_settings')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }

  async disable(userId: string, now: number): Promise<void> {
    await this.db
      .updateTable('reminder_settings')
      .set({ enabled: 0, updated_at: now })
      .where('user_id', '=', userId)
      .execute();
  }

  /**
   * The learners with reminders on and a confirmed address (an unconfirmed one gets nothing) whose reminder may fall
   * in the hour of `now`: those whose UTC hour is from three hours before it (the send window) to one after (a
   * daylight-saving change not yet seen), and those whose UTC hour is not known yet. One index range of
   * reminder_settings, so a pass reads about a sixth of the learners with reminders on, not all of them.
   */
  async candidates(now: number): Promise<ReminderCandidate[]> {
    const hour = new Date(now).getUTCHours();
    const hours = [-SEND_WINDOW_HOURS, -2, -1, 0, 1].map((d) => (hour + d + 24) % 24);
    const rows = await this.db
      .selectFrom('reminder_settings as r')
      .innerJoin('account_emails as e', 'e.user_id', 'r.user_id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.user_id', 'r.hour', 'r.time_zone', 'r.days', 'r.utc_hour', 'e.address', 'u.username', 'u.daily_goal'])
      .where('r.enabled', '=', 1)
      .where((eb) => eb.or([eb('r.utc_hour', 'in', hours), eb('r.utc_hour', 'is', null)]))
      .where('u.username', 'is not', null)
      .execute();
    return rows.map((r) => ({
      userId: r.user_id,
      username: r.username ?? '',
      address: r.address,
      dailyGoal: r.daily_goal,
      enabled: true,
      hour: r.hour,
      timeZone: r.time_zone,
      days: parseDays(r.days),
      utcHour: r.utc_hour,
    }));
  }

  /**
   * Sets the UTC hour of a learner's reminder, which a daylight-saving change or a new column leaves wrong or empty.
   */
  async setUtcHour(userId: string, utcHour: number): Promise<void> {
    await this.db.updateTable('reminder_settings').set({ utc_hour: utcHour }).where('user_id', '=', userId).execute();
  }

  async claimed(userId: string, localDate: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('reminder_sends')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('local_date', '=', localDate)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Claims the learner's reminder for the local day and queues its mail, in one transaction: the primary key lets
   * one instance's insert through, and a crash leaves either both (the outbox sends it later) or neither (the next
   * pass tries again). False: another pass claimed the day first.
   */
  async claimAndQueue(
    { userId, localDate }: { userId: string; localDate: string },
    mail: Mail,
    now: number,
  ): Promise<boolean> {
    return this.write(async (trx) => {
      const claim = await trx
        .insertInto('reminder_sends')
        .values({ user_id: userId, local_date: localDate, claimed_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'local_date']).doNothing())
        .executeTakeFirst();
      if (Number(claim.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
      await queueMail(trx, mail, now);
      return true;
    });
  }

  /** When the learner last answered (null: never). */
  async lastAnswerAt(userId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('reviews')
      .select((eb) => eb.fn.max('reviewed_at').as('last'))
      .where('learner_id', '=', userId)
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? null : Number(row.last);
  }

  /** Words with a card due now, per language, the language with most first. */
  async dueWords(userId: string, now: number): Promise<Array<{ language: string; words: number }>> {
    const rows = await this.db
      .selectFrom('progress as p')
      .innerJoin('words as w', 'w.id', 'p.word_id')
      .select(['p.language', sql<number>`count(distinct p.word_id)`.as('words')])
      .where('p.learner_id', '=', userId)
      .where('w.active', '=', 1)
      .where(dueBy(now))
      .groupBy('p.language')
      .execute();
    return rows
      .map((r) => ({ language: r.language, words: Number(r.words) }))
      .sort((a, b) => b.words - a.words || a.language.localeCompare(b.language));
  }

  /** The learner's first language, for a reminder of the daily goal when nothing is due. */
  async firstLanguage(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('user_languages')
      .select('language')
      .where('user_id', '=', userId)
      .orderBy('added_at')
      .limit(1)
      .executeTakeFirst();
    return row?.language ?? null;
  }

  /** Claims older than a week are of no further use (a day's claim only matters on that day). */
  async purgeClaims(before: number): Promise<void> {
    await this.db.deleteFrom('reminder_sends').where('claimed_at', '<', before).execute();
  }
}
