import { DEFAULT_DESIRED_RETENTION } from '@vocab/core';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/db-errors.js';
import type { Database } from '../../db/schema.js';
import type { Learner } from '../../lib/learner.js';

/** What the rest of the server knows of a learner: never the password hash. */
export const toLearner = (row: {
  id: string;
  username: string | null;
  desired_retention: number;
  strict_accents: number;
}): Learner => ({
  id: row.id,
  username: row.username,
  desiredRetention: row.desired_retention,
  strictAccents: row.strict_accents === 1,
});

/**
 * The settings a new learner's row is written with: the same defaults `newGuest` answers with, named here rather than
 * left to the columns' defaults, which migrations fixed when they ran.
 */
const NEW_SETTINGS = { desired_retention: DEFAULT_DESIRED_RETENTION, strict_accents: 0 } as const;

/** A new guest as the server knows it, with the settings' defaults. */
export const newGuest = (id: string): Learner => ({
  id,
  username: null,
  desiredRetention: DEFAULT_DESIRED_RETENTION,
  strictAccents: false,
});

/** An account to create, or a guest's to give a name and password (`id`: the guest's). */
export interface NewAccount {
  id: string;
  username: string;
  passwordHash: string;
  now: number;
}

export class UserRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /** The app's one write unit (Db.writeTransaction), for writes of several statements. */
    private readonly write: Db['writeTransaction'],
  ) {}

  /** Stores a guest (`newGuest`), in the caller's unit of work. */
  async createGuest(trx: Transaction<Database>, id: string, now: number): Promise<void> {
    await trx
      .insertInto('users')
      .values({ ...NEW_SETTINGS, id, username: null, username_key: null, password_hash: null, created_at: now })
      .execute();
  }

  /** Inserts an account; returns false when the name is taken (the unique index decides, so races are safe). */
  async createAccount({ id, username, passwordHash, now }: NewAccount): Promise<boolean> {
    const result = await this.db
      .insertInto('users')
      .values({
        ...NEW_SETTINGS,
        id,
        username,
        username_key: usernameKey(username),
        password_hash: passwordHash,
        created_at: now,
      })
      .onConflict((oc) => oc.column('username_key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /**
   * Turns a guest into an account in place, so everything the guest learned stays with it, and makes the languages
   * it practised its own, in one unit of work. False when the name is taken (or the guest is gone).
   */
  async upgradeGuest({ id, username, passwordHash, now }: NewAccount): Promise<boolean> {
    try {
      return await this.write(async (trx) => {
        const result = await trx
          .updateTable('users')
          .set({ username, username_key: usernameKey(username), password_hash: passwordHash })
          .where('id', '=', id)
          .where('username', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await this.adoptPractisedLanguages(trx, id, now);
        return true;
      });
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  async findCredentials(username: string): Promise<{ learner: Learner; passwordHash: string } | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'username', 'desired_retention', 'strict_accents', 'password_hash'])
      .where('username_key', '=', usernameKey(username))
      .executeTakeFirst();
    if (!row?.password_hash) return undefined;
    return { learner: toLearner(row), passwordHash: row.password_hash };
  }

  async usernameTaken(username: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', usernameKey(username))
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Adds to a learner's languages every language it has practised (has a card in): a guest's practice is what
   * makes a language theirs, so after signup or login the user home lists it with its progress. In the caller's
   * unit of work: at login, the guest's merge into the account.
   */
  async adoptPractisedLanguages(trx: Transaction<Database>, id: string, now: number): Promise<void> {
    await sql`insert into user_languages (user_id, language, added_at)
      select distinct cast(${id} as text), language, cast(${now} as bigint) from progress where learner_id =
      ${id} and language <> ''
      on conflict (user_id, language) do nothing`.execute(trx);
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }

  /**
   * Deletes up to `limit` guests that no session reaches any more (a guest exists only through its cookie, so one
   * without a session is gone for good) and that were created before `createdBefore` (a guest is inserted just
   * before its session). Their cards, reviews, own words and languages go with them (foreign keys cascade).
   * Idempotent, so instances may run it at once. Returns how many were deleted.
   */
  async deleteAbandonedGuests(createdBefore: number, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('users')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('users as g')
          .select('g.id')
          .where('g.username', 'is', null)
          .where('g.created_at', '<', createdBefore)
          .where((inner) =>
            inner.not(
              inner.exists(
                inner.selectFrom('sessions').select('sessions.user_id').whereRef('sessions.user_id', '=', 'g.id'),
              ),
            ),
          )
          .limit(limit),
      )
      .where('username', 'is', null)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/** NFKC, as signup stores names: a name typed in full-width or other compatibility forms finds its account. */
export const usernameKey = (username: string): string => username.normalize('NFKC').toLowerCase();
