import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupSqlite, restoreSqlite } from './sqlite-backup.js';

/** Backups hold password hashes and every learner's data: nobody but their owner may read them. */
describe('permissions of backups [sqlite]', () => {
  let dir: string;
  let umask: number;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vocab-backup-mode-'));
    // The usual umask, under which SQLite creates files readable by everyone (0644).
    umask = process.umask(0o022);
  });
  afterEach(() => {
    process.umask(umask);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

  it('writes a backup, and the copy restore keeps of the replaced database, readable by their owner only', async () => {
    const file = path.join(dir, 'vocab.db');
    const db = new SQLite(file);
    db.pragma('journal_mode = WAL');
    db.exec(
      'create table kysely_migration (name text); create table users (id integer primary key, ' +
        "password_hash text); insert into users (password_hash) values ('$argon2id$v=19$m=19456')",
    );
    db.close();
    fs.chmodSync(file, 0o640);

    const backup = await backupSqlite(file, path.join(dir, 'backup.db'));
    expect(mode(backup.file)).toBe('600');

    const restored = await restoreSqlite(backup.file, file);
    expect(restored.previous).not.toBeNull();
    expect(mode(restored.previous ?? '')).toBe('600');
    // The restored database keeps the permissions the server's user had on the one it replaced.
    expect(mode(file)).toBe('640');
    expect(fs.readdirSync(dir).filter((n) => n.includes('.partial-'))).toEqual([]);
  });
});
