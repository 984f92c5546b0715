import { BackupError, restoreSqlite } from '../db/sqlite-backup.js';
import { fail, sqliteFileOrExit } from './database-file.js';

/** `npm run restore -- <file>`: puts a backup in place of the SQLite database; the server must be stopped. */
const backup = process.argv[2];
if (!backup || process.argv.length > 3) fail('Usage: npm run restore -- <backup file>   (with the server stopped)', 2);
const database = sqliteFileOrExit('restore');
try {
  const report = await restoreSqlite(backup, database);
  process.stdout.write(
    `Restored ${backup} to ${report.file}: integrity ok, ` +
      `${report.tables.users ?? 0} users, ${report.tables.reviews ?? 0} answers.` +
      (report.previous ? ` The database it replaced is kept as ${report.previous}.` : '') +
      '\n',
  );
} catch (err) {
  if (err instanceof BackupError) fail(err.message);
  throw err;
}
