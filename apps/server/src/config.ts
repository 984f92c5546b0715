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
  /** Behind a reverse proxy: trust X-Forwarded-* so client addresses and HTTPS are seen. */
  TRUST_PROXY: boolFlag.default(false),
  /** Origins allowed to make state-changing calls besides the server's own (comma-separated). */
  ALLOWED_ORIGINS: z.string().default(''),
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(365).default(30),
  SESSION_MAX_DAYS: z.coerce.number().positive().max(3650).default(180),
  /** smtp://user:pass@host:port or smtps://…; unset keeps contact messages in the database only. */
  SMTP_URL: z.string().url().refine((v) => /^smtps?:/.test(v), 'must start with smtp:// or smtps://').optional(),
  CONTACT_TO: z.string().email().default('hello@vocab.example'),
  CONTACT_FROM: z.string().email().default('noreply@vocab.example'),
  /** Test-only: lets the browser suite move the server's clock (POST /api/test/clock). Refused in production. */
  ENABLE_TEST_CLOCK: boolFlag.default(false),
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  trustProxy: boolean;
  allowedOrigins: string[];
  sessionIdleMs: number;
  sessionMaxMs: number;
  smtpUrl: string | undefined;
  contactTo: string;
  contactFrom: string;
  logLevel: string;
  testClock: boolean;
}

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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: parseDatabaseUrl(e.DATABASE_URL, dataDir),
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    sessionIdleMs: e.SESSION_IDLE_DAYS * DAY_MS,
    sessionMaxMs: e.SESSION_MAX_DAYS * DAY_MS,
    smtpUrl: e.SMTP_URL,
    contactTo: e.CONTACT_TO,
    contactFrom: e.CONTACT_FROM,
    logLevel: e.LOG_LEVEL,
    testClock: e.ENABLE_TEST_CLOCK,
  };
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
