import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { type Mail, queueMail } from '../../lib/mail-queue.js';

export type TokenPurpose = 'confirm' | 'reset';

/** A link's token as stored: only its hash. */
export interface NewToken {
  tokenHash: string;
  userId: string;
  purpose: TokenPurpose;
  address: string | null;
  now: number;
  expiresAt: number;
}

/** An account a reset mail may go to: only one with a confirmed address. */
export interface MailableAccount {
  userId: string;
  username: string;
  address: string;
}

/** Lower-cased, as addresses are looked up: the same mailbox typed in another case finds its account. */
export const addressKey = (address: string): string => address.trim().toLowerCase();

/** What makes a link usable: mailed for this purpose, not used (nor voided, which deletes it), not expired. */
const usable =
  (tokenHash: string, purpose: TokenPurpose, now: number) => (eb: ExpressionBuilder<Database, 'email_tokens'>) =>
    eb.and([
      eb('token_hash', '=', tokenHash),
      eb('purpose', '=', purpose),
      eb('used_at', 'is', null),
      eb('expires_at', '>', now),
    ]);

/** Marks a link used if it was unused and unexpired, in one atomic UPDATE: a link opened twice at once works once. */
const useToken = (
  db: Kysely<Database>,
  { tokenHash, purpose, now }: { tokenHash: string; purpose: TokenPurpose; now: number },
) =>
  db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where(usable(tokenHash, purpose, now))
    .returning(['user_id', 'address'])
    .executeTakeFirst();

/**
 * Voids every reset link of the account not used yet, in the caller's unit of work: a link mailed before the
 * password changed, the address was removed or another one confirmed must not outlive that change.
 */
export const voidResetLinks = (db: Kysely<Database>, userId: string) =>
  db
    .deleteFrom('email_tokens')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'reset')
    .where('used_at', 'is', null)
    .execute();

/** Kysely only: confirmed addresses (account_emails) and single-use link tokens (email_tokens, hashed). */
export class EmailRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly write: Db['writeTransaction'],
  ) {}

  async confirmed(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('account_emails')
      .select('address')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.address ?? null;
  }

  /** The address of the account's latest confirmation link still usable, or null. */
  async pending(userId: string, now: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('email_tokens')
      .select('address')
      .where('user_id', '=', userId)
      .where('purpose', '=', 'confirm')
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.address ?? null;
  }

  /**
   * Stores a new link's hash and queues the mail that carries it, in one unit of work: no link is stored without its
   * mail, nor mailed without being stored. A new confirmation link voids an unused earlier one (only the latest
   * address asked for counts); reset links stand side by side until one is used, so that requests the owner did
   * not make cannot void the link the owner is about to open.
   */
  async createToken(t: NewToken, mail: Mail): Promise<void> {
    await this.write(async (trx) => {
      if (t.purpose === 'confirm') {
        await trx
          .deleteFrom('email_tokens')
          .where('user_id', '=', t.userId)
          .where('purpose', '=', 'confirm')
          .where('used_at', 'is', null)
          .execute();
      }
      await trx
        .insertInto('email_tokens')
        .values({
          token_hash: t.tokenHash,
          user_id: t.userId,
          purpose: t.purpose,
          address: t.address,
          created_at: t.now,
          expires_at: t.expiresAt,
          used_at: null,
        })
        .execute();
      await queueMail(trx, mail, t.now);
    });
  }

  /**
   * Confirms the address of a confirmation link, using the link up in the same transaction. Reset links mailed to
   * the address it replaces stop working.
   */
  /**
   * Confirms the address a link was mailed to. `noticeToOld` composes the mail that tells the address it replaces
   * (if any, and different): queued in the same unit of work, so the change and the notice go together.
   */
  async confirm(
    tokenHash: string,
    now: number,
    noticeToOld?: (old: string, address: string) => Omit<Mail, 'userId'>,
  ): Promise<string | null> {
    return this.write(async (trx) => {
      const used = await useToken(trx, { tokenHash, purpose: 'confirm', now });
      if (!used?.address) return null;
      const previous = await trx
        .selectFrom('account_emails')
        .select(['address', 'address_key'])
        .where('user_id', '=', used.user_id)
        .executeTakeFirst();
      if (noticeToOld && previous && previous.address_key !== addressKey(used.address)) {
        await queueMail(trx, { ...noticeToOld(previous.address, used.address), userId: used.user_id }, now);
      }
      const row = {
        user_id: used.user_id,
        address: used.address,
        address_key: addressKey(used.address),
        confirmed_at: now,
      };
      await trx
        .insertInto('account_emails')
        .values(row)
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ address: row.address, address_key: row.address_key, confirmed_at: now }),
        )
        .execute();
      await voidResetLinks(trx, used.user_id);
      return used.address;
    });
  }

  /**
   * Sets a new password by a reset link, in one transaction: the link is used up (only if unused and unexpired),
   * the hash replaced, every session of the account ended and every other reset link voided. False: no such link.
   */
  /** Whether a reset link can still be used: mailed, not used, not voided, not expired. */
  async resetLinkUsable(tokenHash: string, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('email_tokens')
      .select('user_id')
      .where(usable(tokenHash, 'reset', now))
      .executeTakeFirst();
    return row !== undefined;
  }

  async resetPassword(tokenHash: string, passwordHash: string, now: number): Promise<{ userId: string } | null> {
    return this.write(async (trx) => {
      const used = await useToken(trx, { tokenHash, purpose: 'reset', now });
      if (!used) return null;
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', used.user_id).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', used.user_id).execute();
      await voidResetLinks(trx, used.user_id);
      return { userId: used.user_id };
    });
  }

  /** Removes the confirmed address, any confirmation link waiting and every reset link mailed to it. */
  async remove(userId: string): Promise<void> {
    await this.write(async (trx) => {
      await trx.deleteFrom('account_emails').where('user_id', '=', userId).execute();
      await trx.deleteFrom('email_tokens').where('user_id', '=', userId).where('used_at', 'is', null).execute();
    });
  }

  /** Accounts whose confirmed address this is (an address may belong to a few accounts). */
  async accountsByAddress(address: string, limit: number): Promise<MailableAccount[]> {
    const rows = await this.db
      .selectFrom('account_emails as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['u.id', 'u.username', 'e.address'])
      .where('e.address_key', '=', addressKey(address))
      .where('u.username', 'is not', null)
      .orderBy('u.created_at')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ userId: r.id, username: r.username ?? '', address: r.address }));
  }

  /** The account of a username (its key: users.username_key), when it has a confirmed address. */
  async accountByUsernameKey(usernameKey: string): Promise<MailableAccount | null> {
    const row = await this.db
      .selectFrom('users as u')
      .innerJoin('account_emails as e', 'e.user_id', 'u.id')
      .select(['u.id', 'u.username', 'e.address'])
      .where('u.username_key', '=', usernameKey)
      .executeTakeFirst();
    return row ? { userId: row.id, username: row.username ?? '', address: row.address } : null;
  }

  /** Links past their expiry, and used ones, are of no further use. */
  async purgeTokens(now: number): Promise<void> {
    await this.db
      .deleteFrom('email_tokens')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
      .execute();
  }
}
