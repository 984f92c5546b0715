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

  /**
   * The learner's languages: those added, and those practised (a card in them) on any route, the language's own
   * quiz as much as the account's. Both homes and the user home read them here, so they never disagree; a language
   * practised but never added dates from its first card.
   */
  list(userId: string): Promise<Array<{ language: string; added_at: number }>> {
    return this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('user_languages')
          .select(['language', 'added_at'])
          .where('user_id', '=', userId)
          .unionAll(
            eb
              .selectFrom('progress')
              .select((p) => ['language', p.fn.min('updated_at').as('added_at')])
              .where('learner_id', '=', userId)
              .where('language', '<>', '')
              .groupBy('language'),
          )
          .as('l'),
      )
      .select((eb) => ['l.language', eb.fn.min('l.added_at').as('added_at')])
      .groupBy('l.language')
      .orderBy('added_at')
      .orderBy('l.language')
      .execute();
  }
}
