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
      const row = await this.db.selectFrom('server_secrets').select('value').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
      return Buffer.from(row.value, 'base64url');
    })().catch((err: unknown) => {
      this.key = undefined;
      throw err;
    });
    return this.key;
  }

  async sign(purpose: string, value: string): Promise<string> {
    return createHmac('sha256', await this.loadKey()).update(`${purpose}:${value}`).digest('base64url');
  }

  async verify(purpose: string, value: string, signature: string): Promise<boolean> {
    const expected = Buffer.from(await this.sign(purpose, value));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
