import { type Kysely, sql } from 'kysely';
import type { DatabaseTarget } from '../config.js';
import type { Database } from './schema.js';

/** The database's Kysely instance or one of its transactions (`QueryRunner` in db/prepared.ts). */
type QueryRunner = Kysely<Database>;

/** Each runner's engine, told once per runner: a transaction is a runner of its own. */
const engines = new WeakMap<QueryRunner, DatabaseTarget['kind']>();

/**
 * The engine a runner (the database's Kysely instance or one of its transactions) runs on, told through Kysely's
 * public API by how its compiler writes a bound value: `$1` on PostgreSQL, `?` on SQLite. About a microsecond, once
 * per runner.
 */
export function dialectOf(runner: QueryRunner): DatabaseTarget['kind'] {
  let engine = engines.get(runner);
  if (!engine) {
    engine = sql`${0}`.compile(runner).sql === '$1' ? 'postgres' : 'sqlite';
    engines.set(runner, engine);
  }
  return engine;
}

/**
 * Whether the runner's database takes a LATERAL join (PostgreSQL does, SQLite does not). A query that depends on
 * it is built per database anyway: prepared queries compile once per engine.
 */
export function supportsLateral(runner: QueryRunner): boolean {
  return dialectOf(runner) === 'postgres';
}
