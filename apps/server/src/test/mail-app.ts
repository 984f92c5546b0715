import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { createTestDatabase, seedDecks, type TestClock, testClock, testConfig, type TestDatabase } from './harness.js';
import { readMail, startSmtp } from './smtp-server.js';

export const PUBLIC_URL = 'https://vocab.test';

/**
 * Apps with a real local SMTP server, on one test database (several apps on one database are several instances):
 * for the suites of the account's email address, password reset and reminders. Closed after each test.
 */
export function mailApps(database: { name: 'sqlite' | 'postgres'; url?: string }) {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function setup(overrides: Partial<Config> = {}) {
    const smtp = await startSmtp();
    const tdb: TestDatabase = await createTestDatabase(database.name, database.url);
    cleanups.push(smtp.close, tdb.drop);
    await seedDecks(tdb.db);
    const clock: TestClock = testClock(Date.UTC(2026, 2, 1, 12));
    const config = testConfig({
      smtpUrl: smtp.url,
      publicUrl: PUBLIC_URL,
      reminderIntervalMs: 3_600_000,
      ...overrides,
    });
    /** Another instance on the same database, sharing the clock. */
    const instance = async (extra: Partial<Config> = {}): Promise<FastifyInstance> => {
      const app = await buildApp({
        config: { ...config, ...extra },
        db: tdb.db,
        clock,
        webDir: null,
        logger: false,
        outboxPollMs: 3_600_000,
        maintenanceIntervalMs: 0,
      });
      cleanups.push(() => app.close());
      return app;
    };
    const app = await instance();
    /** Waits until the SMTP server has received `count` mails (or a few seconds have passed). */
    const mails = async (count: number) => {
      await app.email.settle();
      for (let i = 0; i < 150 && smtp.received.length < count; i++) await new Promise((r) => setTimeout(r, 20));
      return smtp.received.map(readMail);
    };
    return { smtp, db: tdb.db, clock, app, instance, mails };
  }
  return setup;
}

/** The first link of a mail's text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const found = text.split(/\s+/).find((word) => word.startsWith(`${PUBLIC_URL}${prefix}`));
  if (!found) throw new Error(`no ${prefix} link in:\n${text}`);
  return found;
}

/** An account's confirmed address, set directly (the confirmation link has its own tests in modules/account). */
export async function confirmAddress(db: Db, userId: string, address: string, now: number): Promise<void> {
  await db.kysely
    .insertInto('account_emails')
    .values({ user_id: userId, address, address_key: address.toLowerCase(), confirmed_at: now })
    .execute();
}
