import { type Compilable, CompiledQuery, type QueryResult } from 'kysely';

/** Anything that runs a compiled query: the database's Kysely instance or a transaction. */
export interface QueryRunner {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

const MARK = '\u0000param:';

/**
 * A query built and compiled once, then run with new parameter values. Building a Kysely query costs more than
 * running an indexed one on SQLite (docs/performance.md), and the hot paths run the same few shapes on every request.
 *
 * `build` receives stand-ins for the parameters: each is a marker string that Kysely passes through as an ordinary
 * bound value, and each run swaps the markers for the real values. So a stand-in may go only where a value is bound
 * (comparisons, `limit`, inserted and updated values, values in `sql` templates), never where it would change the
 * query's shape: a query whose shape depends on a value is two prepared queries. Why this is not a library:
 * docs/decisions/0004-hand-written-code.md.
 */
export class PreparedQuery<P extends object, R> {
  private compiled: CompiledQuery<R> | null = null;
  /** For each bound value of the compiled query: the name of the parameter it stands for, or null for a constant. */
  private slots: Array<keyof P | null> = [];

  constructor(private readonly build: (params: P) => Compilable<R>) {}

  async execute(runner: QueryRunner, params: P): Promise<R[]> {
    return (await runner.executeQuery(this.bind(params))).rows;
  }

  async executeTakeFirst(runner: QueryRunner, params: P): Promise<R | undefined> {
    return (await this.execute(runner, params))[0];
  }

  /** Runs a write; the number of rows it changed (inserted, updated or deleted). */
  async executeWrite(runner: QueryRunner, params: P): Promise<number> {
    const result = await runner.executeQuery(this.bind(params));
    return Number(result.numAffectedRows ?? 0);
  }

  private bind(params: P): CompiledQuery<R> {
    const compiled = this.compiled ?? this.compile();
    const parameters = compiled.parameters.map((constant, i) => {
      const name = this.slots[i];
      if (name === null || name === undefined) return constant;
      const value = params[name];
      if (value === undefined) throw new Error(`prepared query: no value for parameter "${String(name)}"`);
      return value;
    });
    return CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<R>;
  }

  private compile(): CompiledQuery<R> {
    const standIns = new Proxy({} as P, { get: (_, name) => `${MARK}${String(name)}` });
    const compiled = this.build(standIns).compile();
    this.slots = compiled.parameters.map((value) => (typeof value === 'string' && value.startsWith(MARK) ? (value.slice(MARK.length) as keyof P) : null));
    this.compiled = compiled;
    return compiled;
  }
}

/** A prepared query (see PreparedQuery). */
export const prepared = <P extends object, R>(build: (params: P) => Compilable<R>) => new PreparedQuery(build);
