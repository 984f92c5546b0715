import type { Settings, SettingsPatch } from '@vocab/api';
import { DEFAULT_DESIRED_RETENTION } from '@vocab/core';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { type LearnerClaim, writeAs } from '../../lib/learner.js';

export const DEFAULT_SETTINGS: Settings = {
  strictAccents: false,
  desiredRetention: DEFAULT_DESIRED_RETENTION,
  dailyGoal: 20,
  autoSpeak: false,
  theme: 'system',
};

export class SettingsRepository {
  private readonly kysely: Kysely<Database>;

  constructor(private readonly db: Db) {
    this.kysely = db.kysely;
  }

  async get(userId: string): Promise<Settings> {
    const row = await this.kysely
      .selectFrom('users')
      .select(['strict_accents', 'desired_retention', 'daily_goal', 'auto_speak', 'theme'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) return DEFAULT_SETTINGS;
    return {
      strictAccents: row.strict_accents === 1,
      desiredRetention: row.desired_retention,
      dailyGoal: row.daily_goal,
      autoSpeak: row.auto_speak === 1,
      theme: row.theme as Settings['theme'],
    };
  }

  /** One UPDATE of just the fields sent: concurrent changes to different settings do not undo each other. */
  async update(claim: LearnerClaim, patch: SettingsPatch): Promise<void> {
    const set = {
      ...(patch.strictAccents === undefined ? {} : { strict_accents: patch.strictAccents ? 1 : 0 }),
      ...(patch.desiredRetention === undefined ? {} : { desired_retention: patch.desiredRetention }),
      ...(patch.dailyGoal === undefined ? {} : { daily_goal: patch.dailyGoal }),
      ...(patch.autoSpeak === undefined ? {} : { auto_speak: patch.autoSpeak ? 1 : 0 }),
      ...(patch.theme === undefined ? {} : { theme: patch.theme }),
    };
    // An empty change writes nothing for a learner, and still makes a visitor a guest: their settings are stored
    // from then on.
    if (Object.keys(set).length === 0 && !claim.create) return;
    await writeAs(this.db, claim, async (trx, learner) => {
      if (Object.keys(set).length > 0) await trx.updateTable('users').set(set).where('id', '=', learner.id).execute();
    });
  }
}
