import { describe, expect, it } from 'vitest';
import { WalFlushError, databaseFailure, isConnectionFailure } from './db-errors.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('database failures', () => {
  it('tells a database that is away from one that cannot store, and both from our own errors', () => {
    for (const err of [
      withCode('ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('08006'),
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('40P01', 'deadlock detected'),
      withCode('SQLITE_BUSY'),
      new AggregateError([withCode('ECONNREFUSED')], 'connect failed'),
    ]) {
      expect(databaseFailure(err), err.message).toBe('unavailable');
    }
    for (const code of [
      'SQLITE_FULL',
      'SQLITE_READONLY',
      'SQLITE_READONLY_DBMOVED',
      'SQLITE_IOERR_WRITE',
      '53100',
      '25006',
    ]) {
      expect(databaseFailure(withCode(code)), code).toBe('storage');
    }
    // The WAL's fdatasync failing (db/wal-sync.ts) says so with the errno alone.
    expect(databaseFailure(new WalFlushError(withCode('EIO', 'EIO: i/o error, fdatasync')))).toBe('storage');
    expect(databaseFailure(withCode('EIO'))).toBeNull();
    for (const err of [
      new Error('x is not a function'),
      withCode('SQLITE_CONSTRAINT_UNIQUE'),
      withCode('23505'),
      withCode('42P01'),
      null,
      'text',
    ]) {
      expect(databaseFailure(err)).toBeNull();
    }
  });

  it('discards a connection only when the connection itself failed', () => {
    expect(isConnectionFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionFailure(new Error('Query read timeout'))).toBe(true);
    expect(isConnectionFailure(withCode('57014', 'canceling statement due to statement timeout'))).toBe(false);
    expect(isConnectionFailure(withCode('23505'))).toBe(false);
  });
});
