import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: the default data folder and the content decks live under it. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const port = z.coerce.number().int().min(0).max(65535);
const boolFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .refine((v) => /^(sqlite:|postgres(ql)?:\/\/)/.test(v), 'must start with sqlite: or postgres://')
    .optional(),
  /**
   * Behind a reverse proxy: how many proxy hops, or which proxy addresses, to trust for X-Forwarded-*
   * (parseTrustProxy).
   */
  TRUST_PROXY: z.string().trim().default('false'),
  /** Origins allowed to make state-changing calls besides the server's own (comma-separated). */
  ALLOWED_ORIGINS: z.string().default(''),
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(365).default(30),
  SESSION_MAX_DAYS: z.coerce.number().positive().max(3650).default(180),
  /** smtp://user:pass@host:port or smtps://…; unset keeps contact messages in the database only. */
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:/.test(v), 'must start with smtp:// or smtps://')
    .optional(),
  CONTACT_TO: z.string().email().default('hello@vocab.example'),
  CONTACT_FROM: z.string().email().default('noreply@vocab.example'),
  /** The address learners reach the app at, for the links in mails (confirmation, reset, reminders). */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:/.test(v), 'must start with http:// or https://')
    .optional(),
  /** How often each instance looks for learners due a daily reminder (minutes); 0 turns reminders off. */
  REMINDER_INTERVAL_MINUTES: z.coerce.number().min(0).max(60).default(5),
  /** Test-only: lets the browser suite move the server's clock (POST /api/test/clock). Refused in production. */
  ENABLE_TEST_CLOCK: boolFlag.default(false),
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL: how long to wait for a connection, and for a statement, before answering 503. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(3_000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /** How often each instance looks for learners whose memory model is due a fit (minutes); 0 turns fitting off. */
  MEMORY_FIT_INTERVAL_MINUTES: z.coerce.number().min(0).max(1440).default(10),
  /** Turns on Prometheus metrics at GET /api/metrics, for a scraper sending `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, 'must be at least 16 characters (a random token: openssl rand -hex 32)')
    .optional(),
  /** A fit running longer is stopped and counted as failed (seconds). */
  MEMORY_FIT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
});

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  /**
   * Which X-Forwarded-For entries are believed: false (none), a number of proxy hops, or the proxies' addresses
   * and CIDR ranges. Never "every hop": the leftmost entry is whatever the client wrote (docs/decisions/0008).
   */
  trustProxy: TrustProxy;
  allowedOrigins: string[];
  sessionIdleMs: number;
  sessionMaxMs: number;
  smtpUrl: string | undefined;
  contactTo: string;
  contactFrom: string;
  /** Links in mails start with this (no trailing slash); defaults to http://HOST:PORT. */
  publicUrl: string;
  /** modules/reminders: how often a pass looks for reminders to send (0: never). */
  reminderIntervalMs: number;
  logLevel: string;
  testClock: boolean;
  databaseConnectTimeoutMs: number;
  databaseQueryTimeoutMs: number;
  /** modules/memory: how often fits are looked for (0: never), and how long one may run. */
  memoryFitIntervalMs: number;
  memoryFitTimeoutMs: number;
  /** Set: Prometheus metrics at /api/metrics for this bearer token (plugins/metrics.ts). Unset: no metrics. */
  metricsToken: string | undefined;
}

export type TrustProxy = false | number | string[];

const DAY_MS = 86_400_000;

export class ConfigError extends Error {}

/** Reads and validates the environment once, at start; a bad value stops the server with its variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.ENABLE_TEST_CLOCK && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  ENABLE_TEST_CLOCK: must not be set when NODE_ENV=production');
  }
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(ROOT_DIR, 'data'));
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'string') throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${trustProxy}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: parseDatabaseUrl(e.DATABASE_URL, dataDir),
    trustProxy,
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    sessionIdleMs: e.SESSION_IDLE_DAYS * DAY_MS,
    sessionMaxMs: e.SESSION_MAX_DAYS * DAY_MS,
    smtpUrl: e.SMTP_URL,
    contactTo: e.CONTACT_TO,
    contactFrom: e.CONTACT_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    reminderIntervalMs: e.REMINDER_INTERVAL_MINUTES * 60_000,
    logLevel: e.LOG_LEVEL,
    testClock: e.ENABLE_TEST_CLOCK,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    databaseQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
    memoryFitIntervalMs: e.MEMORY_FIT_INTERVAL_MINUTES * 60_000,
    memoryFitTimeoutMs: e.MEMORY_FIT_TIMEOUT_SECONDS * 1000,
    metricsToken: e.METRICS_TOKEN,
  };
}

/** The most proxy hops anyone puts in front of an app server (a CDN, a load balancer, nginx). */
const MAX_PROXY_HOPS = 5;

/**
 * TRUST_PROXY: `false`/`0` trusts no proxy; a number N trusts N proxy hops (the N-th address from the right of
 * X-Forwarded-For is the client); `true` means 1 hop, the README's single reverse proxy; otherwise a
 * comma-separated list of proxy addresses or CIDR ranges (`10.0.0.0/8, ::1`), trusted wherever they appear. An
 * invalid value gives the reason as a string.
 */
export function parseTrustProxy(value: string): TrustProxy | string {
  const v = value.toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= MAX_PROXY_HOPS ? hops : `at most ${MAX_PROXY_HOPS} proxy hops`;
  }
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const family = net.isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !validBits || rest.length > 0) {
      return `"${entry}" is not a hop count, an IP address or a CIDR range (e.g. 1, or 10.0.0.0/8,127.0.0.1)`;
    }
  }
  return entries;
}

export function parseDatabaseUrl(url: string | undefined, dataDir: string): DatabaseTarget {
  if (!url) return { kind: 'sqlite', file: path.join(dataDir, 'vocab.db') };
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '');
    if (!file) throw new ConfigError('Invalid configuration:\n  DATABASE_URL: sqlite: needs a file path');
    return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
  }
  return { kind: 'postgres', url };
}
