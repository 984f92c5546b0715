/**
 * `npm run bench:forgot-password`: whether POST /api/auth/forgot-password answers as fast for an account with a
 * confirmed address as for a name nobody has. The account is looked up, and its link made and mailed, only after the
 * answer, so the answer's time must not tell a stranger who has an account. In process (Fastify's inject) on a fresh
 * SQLite database with a local SMTP server: 15 requests of each kind, alternated, each sent once the previous one's
 * mail is delivered; prints both medians and their difference (under 25 ms on this machine when quiet). A timing
 * belongs here, not in a test, where a loaded machine would fail it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { startSmtp } from '../apps/server/src/test/smtp-server.js';

const ROUNDS = 15;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-bench-forgot-'));
const db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'bench.db') });
await migrateToLatest(db);
const smtp = await startSmtp();
const config = {
  ...loadConfig({ LOG_LEVEL: 'silent', MEMORY_FIT_INTERVAL_MINUTES: '0' }),
  smtpUrl: smtp.url,
  publicUrl: 'https://vocab.test',
};
const app = await buildApp({
  config,
  db,
  webDir: null,
  logger: false,
  maintenanceIntervalMs: 0,
  outboxPollMs: 3_600_000,
});

const signup = await app.inject({
  method: 'POST',
  url: '/api/auth/signup',
  payload: { username: 'known', password: 'correct horse' },
});
const { _id: userId } = signup.json<{ userData: { _id: string } }>().userData;
await db.kysely
  .insertInto('account_emails')
  .values({ user_id: userId, address: 'known@example.com', address_key: 'known@example.com', confirmed_at: Date.now() })
  .execute();

const timings = { known: [] as number[], unknown: [] as number[] };
// Each request from its own address, so that the per-client limit is not what is measured.
let client = 0;
const ask = async (who: 'known' | 'unknown', i: number) => {
  await app.email.settle();
  await app.email.deliverMail();
  // The mail client closes its connection after a delivery: not part of the next answer's time.
  await new Promise((r) => setTimeout(r, 150));
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { identifier: who === 'known' ? 'known' : `nobody${i}@example.com` },
    remoteAddress: `10.1.0.${++client}`,
  });
  timings[who].push(performance.now() - started);
  if (res.statusCode !== 202) throw new Error(`forgot-password answered ${res.statusCode}: ${res.body}`);
};
for (let i = 0; i < ROUNDS; i++) {
  for (const who of i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) await ask(who, i);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const known = median(timings.known);
const unknown = median(timings.unknown);
console.log(
  `forgot-password answer, median of ${ROUNDS} (ms): known account ${known.toFixed(1)}, ` +
    `nobody ${unknown.toFixed(1)}, difference ${Math.abs(known - unknown).toFixed(1)}`,
);
await app.close();
await smtp.close();
await db.close();
fs.rmSync(dir, { recursive: true, force: true });
