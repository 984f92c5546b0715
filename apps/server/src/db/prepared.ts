import {
  type Compilable,
  CompiledQuery,
  type Expression,
  type Kysely,
  type OperationNode,
  type QueryResult,
  ValueNode,
} from 'kysely';
import type { DatabaseTarget } from '../config.js';
import { dialectOf } from './dialect.js';
import { directRunnerOf } from './direct.js';
import type { Database } from './schema.js';

/** What runs a prepared query: the database's Kysely instance or one of its transactions. */
export type QueryRunner = Kysely<Database>;

const MARK = '\u0000param:';

/**
 * The SQL texts of prepared queries, each with a statement name: on PostgreSQL the pool runs these as named
 * statements (database.ts), parsed and planned once per connection instead of on every run. Bounded by the
 * prepared queries the code declares.
 */
const statementNames = new Map<string, string>();

/** The statement name of a prepared query's SQL text, or undefined for any other SQL. */
export const statementNameOf = (sql: string): string | undefined => statementNames.get(sql);

/**
 * Ends the SQL of a prepared query that is the last statement of its transaction (`PreparedQuery.endingTransaction`):
 * a comment, so that the text differs from the same query's anywhere else.
 */
const ENDS_TRANSACTION = ' /* ends its transaction */';

/**
 * Whether a statement is the last of its transaction: on PostgreSQL the pool sends the COMMIT with it, in one round
 * trip (database.ts); on SQLite it runs as any other.
 */
export const endsTransaction = (sql: string): boolean => sql.endsWith(ENDS_TRANSACTION);

/** Thrown when a query is built: a parameter was used for something other than a bound value. */
export class PreparedQueryMisuse extends Error {}

/**
 * What `build` reads for a parameter: a Kysely expression (its public `Expression` interface) that binds a marker in
 * its place. Computing with it or printing it throws, and a read that never reaches the query (a branch on it, a
 * default for it, its `length`) fails the build, because the query compiled once would not follow the value.
 */
class StandIn implements Expression<unknown> {
  readonly expressionType = undefined;
  bound = false;
  constructor(readonly name: string) {}

  toOperationNode(): OperationNode {
    this.bound = true;
    return ValueNode.create(`${MARK}${this.name}`);
  }

  [Symbol.toPrimitive](): never {
    throw misuse(this.name, 'is read as a value (compared, computed with or printed)');
  }

  toJSON(): never {
    throw misuse(this.name, 'is serialised');
  }
}

const misuse = (name: string, what: string) =>
  new PreparedQueryMisuse(
    `prepared query: parameter "${name}" ${what}; ` +
      `a parameter may only be bound as a value (one prepared query per shape)`,
  );

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each bound value of the compiled query: the name of the parameter it stands for, or null for a constant. */
  slots: Array<string | null>;
}

/**
 * A prepared query whose names are its parameters', each key of the parameters' type once; otherwise a type that
 * says what is wrong, so that running the query fails to compile. (Checked on the result: a check on the names
 * themselves would stop TypeScript from inferring the parameters' type from `build`.)
 */
export type NamedQuery<P extends object, R, N extends ReadonlyArray<string>> = [Exclude<keyof P, N[number]>] extends [
  never,
]
  ? [Exclude<N[number], keyof P>] extends [never]
    ? PreparedQuery<P, R>
    : { 'prepared query: names of no parameter': Exclude<N[number], keyof P> }
  : { 'prepared query: parameters left unnamed': Exclude<keyof P, N[number]> };

/**
 * A query built and compiled once per database engine, then run with new parameter values. Building a Kysely query
 * costs more than running an indexed one on SQLite (docs/performance.md), and the hot paths run the same few shapes
 * on every request.
 *
 * `build` receives stand-ins for the named parameters, and the Kysely instance to build on (the runner's: queries of
 * a transaction's work can be declared once, outside it). A stand-in may go only where a value is bound
 * (comparisons, `limit`, inserted and updated values, values in `sql` templates). Used to shape the query (a branch,
 * a default, a spread, an `IN` list, arithmetic) it makes the build throw, instead of compiling a query that
 * silently ignores the value: a query whose shape depends on a value is two prepared queries. A named parameter
 * may go unused (a variant of a query that does not need it). Why this is not a library:
 * docs/decisions/0004-hand-written-code.md.
 */
export class PreparedQuery<P extends object, R> {
  /** Compiled per engine (tests open both at once); every database of an engine is opened alike (db/database.ts). */
  private readonly compiled = new Map<DatabaseTarget['kind'], Compiled<R>>();

  constructor(
    private readonly names: ReadonlyArray<keyof P & string>,
    private readonly build: (params: P, db: QueryRunner) => Compilable<R>,
    private readonly ending = false,
  ) {}

  /**
   * The same query as the last statement of its transaction: on PostgreSQL it commits the transaction, in the same
   * round trip. Nothing may run in the transaction after it, and the work must not fail after it: the transaction is
   * committed already (the connection refuses a statement after it).
   */
  endingTransaction(): PreparedQuery<P, R> {
    return new PreparedQuery(this.names, this.build, true);
  }

  async execute(runner: QueryRunner, params: P): Promise<R[]> {
    return (await this.run(runner, params)).rows;
  }

  async executeTakeFirst(runner: QueryRunner, params: P): Promise<R | undefined> {
    return (await this.execute(runner, params))[0];
  }

  /** Runs a write; the number of rows it changed (inserted, updated or deleted). */
  async executeWrite(runner: QueryRunner, params: P): Promise<number> {
    const result = await this.run(runner, params);
    return Number(result.numAffectedRows ?? 0);
  }

  /**
   * Runs the query: at once on the connection inside a SQLite write transaction, or a read while SQLite's connection
   * is free (db/direct.ts); else by Kysely.
   */
  private run(runner: QueryRunner, params: P): Promise<QueryResult<R>> | QueryResult<R> {
    const { query, slots } = this.compiledFor(runner);
    const parameters = bound(query.parameters, slots, params);
    const direct = directRunnerOf(runner)?.(query.sql, parameters);
    return direct
      ? (direct as QueryResult<R>)
      : runner.executeQuery(CompiledQuery.raw(query.sql, parameters) as CompiledQuery<R>);
  }

  private compiledFor(runner: QueryRunner): Compiled<R> {
    const dialect = dialectOf(runner);
    let compiled = this.compiled.get(dialect);
    if (!compiled) {
      compiled = this.compile(runner);
      this.compiled.set(dialect, compiled);
    }
    return compiled;
  }

  /** Builds with stand-ins and checks that every read of a parameter was bound into the query. */
  compile(runner: QueryRunner): Compiled<R> {
    const reads: StandIn[] = [];
    const built = this.build(standIns<P>(this.names, reads), runner).compile();
    const query = this.ending ? { ...built, sql: built.sql + ENDS_TRANSACTION } : built;
    const unbound = reads.find((r) => !r.bound);
    if (unbound) throw misuse(unbound.name, 'is read but never bound into the query (a branch or a default on it?)');
    const slots = query.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(MARK) ? value.slice(MARK.length) : null,
    );
    if (!statementNames.has(query.sql)) statementNames.set(query.sql, `prepared_${statementNames.size + 1}`);
    return { query, slots };
  }
}

/** The values to bind: each slot's parameter from `params`, or the query's own constant. */
function bound(constants: readonly unknown[], slots: ReadonlyArray<string | null>, params: object): unknown[] {
  const values = new Array<unknown>(constants.length);
  for (let i = 0; i < constants.length; i++) {
    const name = slots[i];
    if (name === null || name === undefined) {
      values[i] = constants[i];
      continue;
    }
    const value = (params as Record<string, unknown>)[name];
    if (value === undefined) throw new Error(`prepared query: no value for parameter "${name}"`);
    if (Array.isArray(value))
      throw new PreparedQueryMisuse(`prepared query: parameter "${name}" is a list; a list cannot be one bound value`);
    values[i] = value;
  }
  return values;
}

/** Read only by a spread of the parameters (or Object.assign), which copies every enumerable key, symbols included. */
const SPREAD = Symbol('parameters spread');

/**
 * The parameters as `build` sees them: one read-only property per name, each read a fresh stand-in (so a read that
 * is not bound is caught even when another read of the same parameter is). The names are not enumerable; the one
 * enumerable key throws when read, so a spread of the parameters fails the build instead of binding parameters as
 * columns.
 */
function standIns<P>(names: ReadonlyArray<string>, reads: StandIn[]): P {
  const params = {};
  for (const name of names) {
    Object.defineProperty(params, name, {
      get: () => {
        const value = new StandIn(name);
        reads.push(value);
        return value;
      },
    });
  }
  Object.defineProperty(params, SPREAD, {
    enumerable: true,
    get: () => {
      throw new PreparedQueryMisuse(
        'prepared query: the parameters are spread or copied; name each one where it is bound',
      );
    },
  });
  return Object.freeze(params) as P;
}

/**
 * A prepared query (see PreparedQuery): its parameters' names, then how it is built. `build` reads its parameters
 * from an object made from these names.
 * `prepared(['language', 'limit'], (p: { language: string; limit: number }, db) => db.selectFrom(...)...)`
 */
export const prepared = <const N extends ReadonlyArray<string>, P extends object, R>(
  names: N,
  build: (params: P, db: QueryRunner) => Compilable<R>,
): NamedQuery<P, R, N> =>
  new PreparedQuery<P, R>(names as ReadonlyArray<string> as ReadonlyArray<keyof P & string>, build) as NamedQuery<
    P,
    R,
    N
  >;
