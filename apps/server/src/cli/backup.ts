import { BackupError, backupSqlite } from '../db/sqlite-backup.js';
import { fail, sqliteFileOrExit } from './database-file.js';

/** `npm run backup -- <file>`: a consistent copy of the SQLite database, safe while the server runs. */
const target = process.argv[2];
if (!target || process.argv.length > 3) fail('Usage: npm run backup -- <backup file>', 2);
const database = sqliteFileOrExit('backup');
try {
  const started = Date.now();
  const report = await backupSqlite(database, target);
  process.stdout.write(
    `Backed up ${database} to ${report.file} in ${Date.now() - started} ms: ${report.bytes} bytes, integrity ok, ` +
      `${report.tables.users ?? 0} users, ${report.tables.reviews ?? 0} answers.\n`,
  );
} catch (err) {
  if (err instanceof BackupError) fail(err.message);
  throw err;
}
