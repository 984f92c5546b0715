import { z } from 'zod';

/** The learner's time zone, for calendar days (an IANA name such as "Europe/Madrid"). */
export const TimeZoneQuery = z.object({ tz: z.string().max(64).default('UTC') });

/** Streak, daily goal and XP, shown on the user home and the navbar. */
export const Summary = z.object({
  streak: z.number(),
  todayAnswers: z.number(),
  dailyGoal: z.number(),
  goalMet: z.boolean(),
  xp: z.number(),
  xpToday: z.number(),
});
export type Summary = z.infer<typeof Summary>;

const DayCount = z.object({ date: z.string(), count: z.number() });

/**
 * Charts of one language: words learned over time, reviews per day, true retention, and upcoming reviews. Served at
 * `/api/{language}/progress`: the path is part of the API's contract and keeps its name.
 */
export const LanguageCharts = z.object({
  learnedOverTime: z.array(DayCount),
  reviewsPerDay: z.array(DayCount),
  retention: z.object({ desired: z.number(), actual: z.number().nullable(), reviews: z.number() }),
  forecast: z.array(DayCount),
  /**
   * Cards due now (what a review asks), and when the next card not yet due becomes due (epoch ms; null: none within the
   * forecast).
   */
  dueNow: z.number(),
  nextDueAt: z.number().nullable(),
});
export type LanguageCharts = z.infer<typeof LanguageCharts>;
