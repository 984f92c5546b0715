import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The languages an account has added (its user home). */
export class UserLanguageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** False when the learner has the language already. */
  async add(userId: string, language: string, now: number): Promise<boolean> {
    const result = await this.db
      .insertInto('user_languages')
      .values({ user_id: userId, language, added_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'language']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  list(userId: string): Promise<Array<{ language: string; added_at: number }>> {
    return this.db
      .selectFrom('user_languages')
      .select(['language', 'added_at'])
      .where('user_id', '=', userId)
      .orderBy('added_at')
      .orderBy('language')
      .execute();
  }
}
