import { PostgresAdapter } from 'kysely';
import type { QueryRunner } from './prepared.js';

/**
 * Whether the runner's database takes a LATERAL join (PostgreSQL does, SQLite does not). A query that depends on
 * it is built per database anyway: prepared queries compile once per dialect adapter.
 */
export function supportsLateral(runner: QueryRunner): boolean {
  return runner.getExecutor().adapter instanceof PostgresAdapter;
}
