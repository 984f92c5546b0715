import fs from 'node:fs';

/**
 * An empty file only its owner can read, for SQLite to write a database into (an empty file is an empty database):
 * databases and backups hold password hashes and every learner's data, and SQLite would create the file
 * world-readable (0644 under the usual umask). Its -journal, -wal and -shm files take the same permissions.
 * `ifAbsent` leaves a file that exists as it is (the live database); otherwise the file is emptied.
 */
export function createPrivateFile(file: string, mode = 0o600, ifAbsent = false): void {
  try {
    fs.writeFileSync(file, '', { mode, flag: ifAbsent ? 'wx' : 'w' });
  } catch (err) {
    if (ifAbsent && (err as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw err;
  }
  // The umask may have taken bits away from `mode`; a restored database keeps the bits of the one it replaces.
  fs.chmodSync(file, mode);
}
