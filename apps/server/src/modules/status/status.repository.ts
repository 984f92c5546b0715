import fs from 'node:fs/promises';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The row a degraded server writes to learn whether it can store again (purged with expired rate limits). */
const WRITE_PROBE_KEY = 'health:write-probe';

/**
 * Free space below which a SQLite server's health check says it cannot store, failure or not yet: the probe's
 * one-row write fits in a few bytes where an answer's commit does not, and an answer refused for want of space is
 * what a load balancer's check should have seen coming. An answer appends several 4 KiB pages (its review, its
 * card, their indexes) to the WAL, a group commit several answers' worth, and copying them into the database file
 * may grow it as much again. With 256 KiB left, answers were refused within a few tries
 * (reliability/storage-failures.test.ts); 1 MiB is the margin.
 */
export const STORAGE_HEADROOM_BYTES = 1024 * 1024;

/** The health check's questions to the database, and on SQLite to the disk it lives on. */
export class StatusRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /** The SQLite file, whose disk's free space the check reads; null on PostgreSQL, whose disk is not ours to see. */
    private readonly sqliteFile: string | null = null,
  ) {}

  /**
   * True when the database's disk has less room than an answer needs (SQLite only; `:memory:` and PostgreSQL never).
   * A file system that cannot say counts as having room: the write probe still decides.
   */
  async lowOnSpace(): Promise<boolean> {
    if (this.sqliteFile === null || this.sqliteFile === ':memory:') return false;
    try {
      const stats = await fs.statfs(path.dirname(this.sqliteFile));
      return stats.bavail * stats.bsize < STORAGE_HEADROOM_BYTES;
    } catch {
      return false;
    }
  }

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
