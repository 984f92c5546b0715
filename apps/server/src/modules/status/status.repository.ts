import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The row a degraded server writes to learn whether it can store again (purged with expired rate limits). */
const WRITE_PROBE_KEY = 'health:write-probe';

/** The health check's two questions to the database. */
export class StatusRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Resolves when the database answers a query. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  /** Writes one row: resolves when the database can store again. */
  async probeWrite(): Promise<void> {
    await this.db
      .insertInto('rate_limits')
      .values({ key: WRITE_PROBE_KEY, hits: 1, reset_at: 0 })
      .onConflict((oc) => oc.column('key').doUpdateSet({ hits: sql<number>`rate_limits.hits + 1` }))
      .execute();
  }
}
