import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

/**
 * Makes every `event` on `table` fail with an error raised by the database itself (a trigger, on SQLite and on
 * PostgreSQL), as a full disk or a broken constraint would: for the tests that show a write is whole, that nothing
 * written before the failing statement stays. Returns the function that removes the fault.
 */
export async function failOn(db: Db, table: keyof Database, event: 'insert' | 'delete'): Promise<() => Promise<void>> {
  const name = sql.raw(`injected_fault_${table}_${event}`);
  const on = sql.raw(`before ${event} on ${table}`);
  if (db.dialect === 'sqlite') {
    await sql`create trigger ${name} ${on} begin select raise(abort, 'injected fault'); end`.execute(db.kysely);
  } else {
    await sql`create or replace function injected_fault() returns trigger language plpgsql
      as $$ begin raise exception 'injected fault'; end $$`.execute(db.kysely);
    await sql`create trigger ${name} ${on} for each row execute function injected_fault()`.execute(db.kysely);
  }
  return async () => {
    await sql`drop trigger ${name}${db.dialect === 'postgres' ? sql` on ${sql.raw(table)}` : sql``}`.execute(db.kysely);
  };
}
