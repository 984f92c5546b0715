/**
 * What a failed query says about the database, for both engines: whether it is away (answer 503 and let the
 * client retry) or cannot store anything (a full disk, a read-only file), as opposed to a bug of ours.
 */

/** Network errors of the socket to PostgreSQL. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** What pg says, without a code, when a connection breaks or cannot be had in time. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Connection terminated due to connection timeout',
];

/** PostgreSQL SQLSTATEs meaning the server is away, or refused this work for now and a retry may succeed. */
const PG_UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout
  '53200', // out_of_memory
  '40001', // serialization_failure: retrying succeeds
  '40P01', // deadlock_detected: one side is cancelled, retrying succeeds
  '55P03', // lock_not_available
]);

/** PostgreSQL SQLSTATEs meaning nothing can be written. */
const PG_STORAGE_STATES = new Set([
  '53100', // disk_full
  '25006', // read_only_sql_transaction (a standby, or default_transaction_read_only)
  '58030', // io_error
]);

const codeOf = (err: unknown): string | undefined => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** The connection itself failed: it is not worth keeping in a pool. */
export function isConnectionFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = codeOf(err);
  if (code !== undefined && (SOCKET_CODES.has(code) || code.startsWith('08'))) return true;
  if (err instanceof AggregateError && err.errors.some(isConnectionFailure)) return true;
  return PG_CONNECTION_MESSAGES.some((m) => err.message.includes(m));
}

/**
 * The disk refused to flush SQLite's WAL (db/wal-sync.ts): the commit is written but not durable, so it is not
 * acknowledged. Its code is the errno (EIO, ENOSPC, EROFS…); it counts as storage that cannot write.
 */
export class WalFlushError extends Error {
  readonly code: string;

  constructor(cause: unknown) {
    const code = codeOf(cause) ?? 'EIO';
    super(`The WAL could not be flushed to the disk (${code})`, { cause });
    this.name = 'WalFlushError';
    this.code = code;
  }
}

export type DatabaseFailure = 'unavailable' | 'storage';

/** `unavailable`: the database is away or busy; `storage`: it cannot write (disk full, read-only); null: neither. */
export function databaseFailure(err: unknown): DatabaseFailure | null {
  if (err instanceof WalFlushError) return 'storage';
  const code = codeOf(err);
  if (code?.startsWith('SQLITE_')) {
    if (
      code === 'SQLITE_FULL' ||
      code.startsWith('SQLITE_READONLY') ||
      code.startsWith('SQLITE_IOERR') ||
      code.startsWith('SQLITE_CANTOPEN')
    )
      return 'storage';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'unavailable';
    return null;
  }
  if (code !== undefined && PG_STORAGE_STATES.has(code)) return 'storage';
  if (code !== undefined && PG_UNAVAILABLE_STATES.has(code)) return 'unavailable';
  return isConnectionFailure(err) ? 'unavailable' : null;
}

/** A unique index refused an insert or update, on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
