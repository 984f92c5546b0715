import { type Compilable, CompiledQuery, type Kysely, type OperationNode, ValueNode } from 'kysely';
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

/** Thrown when a query is built: a parameter was used for something other than a bound value. */
export class PreparedQueryMisuse extends Error {}

/**
 * What `build` receives for a parameter. Kysely takes it as an expression and binds a marker in its place. Computing
 * with it or printing it throws, and a read that never reaches the query (a branch on it, a default for it, its
 * `length`) fails the build, because the query compiled once would not follow the value.
 */
class StandIn {
  /** Marks a Kysely expression (Kysely tests for the key). */
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
  new PreparedQueryMisuse(`prepared query: parameter "${name}" ${what}; a parameter may only be bound as a value (one prepared query per shape)`);

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each bound value of the compiled query: the name of the parameter it stands for, or null for a constant. */
  slots: Array<string | null>;
}

/**
 * A query built and compiled once per database, then run with new parameter values. Building a Kysely query costs
 * more than running an indexed one on SQLite (docs/performance.md), and the hot paths run the same few shapes on
 * every request.
 *
 * `build` receives stand-ins for the parameters, and the Kysely instance to build on (the runner's: queries of a
 * transaction's work can be declared once, outside it). A stand-in may go only where a value is bound
 * (comparisons, `limit`, inserted and updated values, values in `sql` templates). Used to shape the query (a branch,
 * a default, a spread, an `IN` list, arithmetic) it makes the build throw, instead of compiling a query that
 * silently ignores the value: a query whose shape depends on a value is two prepared queries. Why this is not a
 * library: docs/decisions/0004-hand-written-code.md.
 */
export class PreparedQuery<P extends object, R> {
  /** Compiled per dialect adapter: one per database, shared by its transactions (tests open both engines at once). */
  private readonly compiled = new WeakMap<object, Compiled<R>>();

  constructor(private readonly build: (params: P, db: QueryRunner) => Compilable<R>) {}

  async execute(runner: QueryRunner, params: P): Promise<R[]> {
    return (await runner.executeQuery(this.bind(runner, params))).rows;
  }

  async executeTakeFirst(runner: QueryRunner, params: P): Promise<R | undefined> {
    return (await this.execute(runner, params))[0];
  }

  /** Runs a write; the number of rows it changed (inserted, updated or deleted). */
  async executeWrite(runner: QueryRunner, params: P): Promise<number> {
    const result = await runner.executeQuery(this.bind(runner, params));
    return Number(result.numAffectedRows ?? 0);
  }

  private bind(runner: QueryRunner, params: P): CompiledQuery<R> {
    const adapter = runner.getExecutor().adapter;
    let compiled = this.compiled.get(adapter);
    if (!compiled) {
      compiled = this.compile(runner);
      this.compiled.set(adapter, compiled);
    }
    const { query, slots } = compiled;
    const parameters = query.parameters.map((constant, i) => {
      const name = slots[i];
      if (name === null || name === undefined) return constant;
      const value = (params as Record<string, unknown>)[name];
      if (value === undefined) throw new Error(`prepared query: no value for parameter "${name}"`);
      if (Array.isArray(value)) throw new PreparedQueryMisuse(`prepared query: parameter "${name}" is a list; a list cannot be one bound value`);
      return value;
    });
    return CompiledQuery.raw(query.sql, parameters) as CompiledQuery<R>;
  }

  /** Builds with stand-ins and checks that every parameter read was bound into the query. */
  compile(runner: QueryRunner): Compiled<R> {
    const reads: StandIn[] = [];
    const params = new Proxy({} as P, {
      get: (_, name) => {
        if (typeof name === 'symbol') return undefined;
        const value = new StandIn(name);
        reads.push(value);
        return value;
      },
      ownKeys: () => {
        throw new PreparedQueryMisuse('prepared query: the parameters are spread or listed; name each one where it is bound');
      },
      has: (_, name) => {
        throw misuse(String(name), 'is tested with `in`');
      },
    });
    const query = this.build(params, runner).compile();
    const unbound = reads.find((r) => !r.bound);
    if (unbound) throw misuse(unbound.name, 'is read but never bound into the query (a branch or a default on it?)');
    const slots = query.parameters.map((value) => (typeof value === 'string' && value.startsWith(MARK) ? value.slice(MARK.length) : null));
    if (!statementNames.has(query.sql)) statementNames.set(query.sql, `prepared_${statementNames.size + 1}`);
    return { query, slots };
  }
}

/** A prepared query (see PreparedQuery). */
export const prepared = <P extends object, R>(build: (params: P, db: QueryRunner) => Compilable<R>) => new PreparedQuery(build);
