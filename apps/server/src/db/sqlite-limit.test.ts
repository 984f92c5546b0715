import { expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { developmentChecks } from '../development-checks.js';

it(
  'binds every LIMIT on SQLite as an integer cast (a bare ' + 'bound LIMIT recompiles its kept statement on every run)',
  async () => {
    const db = openDatabase({ kind: 'sqlite', file: ':memory:' });
    try {
      const query = db.kysely.selectFrom('words').select('id').orderBy('id').limit(15);
      expect(query.compile().sql).toMatch(/limit cast\(\? as integer\)$/);
      // A limited subquery is cast once, not once per query around it.
      const nested = db.kysely.selectFrom(db.kysely.selectFrom(query.as('inner')).selectAll().as('outer')).selectAll();
      expect(nested.compile().sql.match(/cast/g)).toHaveLength(1);
    } finally {
      await db.close();
    }
  },
);

it('runs the development checks (write guard, response checks) in tests and development, never in production', () => {
  expect(developmentChecks('test')).toBe(true);
  expect(developmentChecks('development')).toBe(true);
  expect(developmentChecks('production')).toBe(false);
  expect(developmentChecks(undefined)).toBe(false);
  // This suite runs under them, as every test does.
  expect(developmentChecks(process.env.NODE_ENV)).toBe(true);
});
