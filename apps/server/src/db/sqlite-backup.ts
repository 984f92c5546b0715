import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createPrivateFile } from './private-file.js';

/** A backup or restore that cannot go ahead, with a sentence for the operator. */
export class BackupError extends Error {}

export interface BackupReport {
  file: string;
  bytes: number;
  tables: Record<string, number>;
}

/**
 * A consistent copy of a live SQLite database, taken with SQLite's online backup API while the server keeps
 * writing. The copy is made in one step, from one read snapshot (WAL lets the server write meanwhile), so it holds
 * every transaction committed before the backup began and none half-done. It is written beside the target, checked
 * (integrity_check), made self-contained (no -wal file) and only then renamed into place, so a failed backup never
 * leaves a file that looks like a good one.
 */
export async function backupSqlite(source: string, target: string): Promise<BackupReport> {
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source}.`);
  const dest = path.resolve(target);
  if (dest === path.resolve(source))
    throw new BackupError('The backup must go to another file than the database itself.');
  const partial = `${dest}.partial-${process.pid}`;
  createPrivateFile(partial);
  const db = new SQLite(source, { fileMustExist: true, timeout: 10_000 });
  try {
    // All pages in one step: a step reads one snapshot; several steps would restart whenever the server commits.
    await db.backup(partial, { progress: () => 2 ** 30 });
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw new BackupError(`The backup of ${source} failed: ${(err as Error).message}`);
  } finally {
    db.close();
  }
  try {
    const report = checkDatabase(partial, true);
    fsyncFile(partial);
    fs.renameSync(partial, dest);
    fsyncFile(path.dirname(dest));
    return { ...report, file: dest };
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

/**
 * Puts a backup in place of the database at `target`, which no process may have open: the server must be stopped.
 * SQLite can tell: leaving WAL mode needs the only connection to the file, so while a server holds it the switch
 * fails with SQLITE_BUSY and nothing is touched. The database being replaced is kept beside it
 * (`<file>.before-restore-<time>`), and the backup is copied next to it and renamed into place (never half-written).
 */
export async function restoreSqlite(
  backup: string,
  target: string,
  now = new Date(),
): Promise<BackupReport & { previous: string | null }> {
  if (!fs.existsSync(backup)) throw new BackupError(`There is no backup at ${backup}.`);
  checkDatabase(backup, false);
  const dest = path.resolve(target);
  let previous: string | null = null;
  if (fs.existsSync(dest)) {
    const live = new SQLite(dest, { fileMustExist: true, timeout: 0 });
    try {
      let mode: unknown;
      try {
        mode = live.pragma('journal_mode = DELETE', { simple: true });
      } catch (err) {
        if ((err as { code?: string }).code === 'SQLITE_BUSY' || (err as { code?: string }).code === 'SQLITE_LOCKED')
          throw inUse(dest);
        throw err;
      }
      if (mode !== 'delete') throw inUse(dest);
      previous = `${dest}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
      createPrivateFile(previous);
      await live.backup(previous, { progress: () => 2 ** 30 });
    } finally {
      live.close();
    }
  }
  const partial = `${dest}.partial-${process.pid}`;
  // The restored database keeps the permissions of the one it replaces (the server's user must open it).
  createPrivateFile(partial, fs.existsSync(dest) ? fs.statSync(dest).mode & 0o777 : 0o600);
  const source = new SQLite(backup, { readonly: true, fileMustExist: true });
  try {
    await source.backup(partial, { progress: () => 2 ** 30 });
  } finally {
    source.close();
  }
  const report = checkDatabase(partial, true);
  fsyncFile(partial);
  // No -wal or -shm of the replaced file may survive: SQLite would apply an old WAL to the restored pages.
  for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(dest + suffix, { force: true });
  fs.renameSync(partial, dest);
  fsyncFile(path.dirname(dest));
  return { ...report, file: dest, previous };
}

const inUse = (file: string) =>
  new BackupError(
    `${file} is in use: a server (or another program) has it open. Stop the server first; ` +
      `restore never replaces a database in use. ` +
      'To copy a running database, use backup instead.',
  );

/**
 * integrity_check, then the rows per table. `selfContained` turns the copy out of WAL mode, so it is one file that
 * can be moved, copied or mailed as it is.
 */
function checkDatabase(file: string, selfContained: boolean): Omit<BackupReport, 'file'> {
  const db = new SQLite(file, { fileMustExist: true, readonly: !selfContained });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`${file} is damaged (integrity_check: ${String(integrity)}).`);
    const names = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .pluck()
      .all() as string[];
    if (!names.includes('users') || !names.includes('kysely_migration'))
      throw new BackupError(`${file} is not a database of this app.`);
    if (selfContained) db.pragma('journal_mode = DELETE');
    const tables = Object.fromEntries(
      names
        .filter((n) => !n.startsWith('kysely_'))
        .map((n) => [n, Number(db.prepare(`select count(*) from "${n}"`).pluck().get())]),
    );
    return { bytes: fs.statSync(file).size, tables };
  } finally {
    db.close();
  }
}

function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
