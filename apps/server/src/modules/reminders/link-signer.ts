import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const KEY_NAME = 'link-signing-key';

/**
 * Signs the parameters of links that act without a session (unsubscribe), with HMAC-SHA256. The key is made once,
 * in the database (the first instance to need it inserts it; the others read that one), so every instance signs
 * and checks alike without a setting to share.
 */
export class LinkSigner {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  private loadKey(): Promise<Buffer> {
    this.key ??= (async () => {
      await this.db
        .insertInto('server_secrets')
        .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await this.db
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', KEY_NAME)
        .executeTakeFirstOrThrow();
      return Buffer.from(row.value, 'base64url');
    })().catch((err: unknown) => {
      this.key = undefined;
      throw err;
    });
    return this.key;
  }

  /** The key if one was made: checking a link never makes one (a refused request writes nothing). */
  private async existingKey(): Promise<Buffer | undefined> {
    if (this.key) return this.key;
    const row = await this.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', KEY_NAME)
      .executeTakeFirst();
    if (!row) return undefined;
    const key = Buffer.from(row.value, 'base64url');
    this.key = Promise.resolve(key);
    return key;
  }

  async sign(purpose: string, value: string): Promise<string> {
    return hmac(await this.loadKey(), purpose, value);
  }

  async verify(purpose: string, value: string, signature: string): Promise<boolean> {
    const key = await this.existingKey();
    // No key: no link was ever signed.
    if (!key) return false;
    const expected = Buffer.from(hmac(key, purpose, value));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

const hmac = (key: Buffer, purpose: string, value: string): string =>
  createHmac('sha256', key).update(`${purpose}:${value}`).digest('base64url');
