import { expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { writeGuardEnabled } from './write-guard.js';

it('binds every LIMIT on SQLite as an integer cast (a bare bound LIMIT recompiles its kept statement on every run)', async () => {
  const db = openDatabase({ kind: 'sqlite', file: ':memory:' });
  try {
    const query = db.kysely.selectFrom('words').select('id').orderBy('id').limit(15);
    expect(query.compile().sql).toMatch(/limit cast\(\? as integer\)$/);
  } finally {
    await db.close();
  }
});

it('guards write transactions in tests and development, and costs nothing in production', () => {
  expect(writeGuardEnabled('test')).toBe(true);
  expect(writeGuardEnabled('development')).toBe(true);
  expect(writeGuardEnabled('production')).toBe(false);
  expect(writeGuardEnabled(undefined)).toBe(false);
  // This suite runs under the guard, as every test does.
  expect(writeGuardEnabled(process.env.NODE_ENV)).toBe(true);
});
