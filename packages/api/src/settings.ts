import { z } from 'zod';

/** A learner's settings (guests have them too). */
export const Settings = z.object({
  strictAccents: z.boolean(),
  /** FSRS desired retention: higher means more reviews and fewer forgotten words. */
  desiredRetention: z.number().min(0.8).max(0.97),
  /** Answers a day that count as a day's goal. */
  dailyGoal: z.number().int().min(1).max(500),
  autoSpeak: z.boolean(),
  theme: z.enum(['system', 'light', 'dark']),
});
export type Settings = z.infer<typeof Settings>;

/** A change to some settings; unknown keys are refused. */
export const SettingsPatch = Settings.partial().strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;
