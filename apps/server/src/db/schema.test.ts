import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness.js';

/** What a query gets back from a column: a number or a string, and whether it may be null. */
type Column = { kind: 'number' | 'string' | 'other'; nullable: boolean };
type Tables = Record<string, Record<string, Column>>;

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The tables schema.ts declares, read by TypeScript's checker (Kysely's `Generated<T>` reads as T). */
function declaredTables(): Tables {
  const file = path.join(import.meta.dirname, 'schema.ts');
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    lib: ['lib.es2023.d.ts'],
    types: [],
    skipLibCheck: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    paths: { '@vocab/core': [path.join(ROOT, 'packages/core/src/index.ts')] },
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const database = source?.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database',
  );
  if (!database) throw new Error('schema.ts declares no Database interface');
  const columnOf = (symbol: ts.Symbol): Column => {
    let type = checker.getTypeOfSymbolAtLocation(symbol, database);
    const selected = type.getProperty('__select__');
    if (selected) type = checker.getTypeOfSymbolAtLocation(selected, database);
    const parts = type.isUnion() ? type.types : [type];
    const values = parts.filter((t) => !(t.flags & ts.TypeFlags.Null));
    const all = (flag: ts.TypeFlags) => values.length > 0 && values.every((t) => t.flags & flag);
    const kind = all(ts.TypeFlags.NumberLike) ? 'number' : all(ts.TypeFlags.StringLike) ? 'string' : 'other';
    return { kind, nullable: values.length < parts.length };
  };
  const tables: Tables = {};
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(database))) {
    const columns = checker.getPropertiesOfType(checker.getTypeOfSymbolAtLocation(table, database));
    tables[table.name] = Object.fromEntries(columns.map((c) => [c.name, columnOf(c)]));
  }
  return tables;
}

/** A column type as the database names it, as the driver hands its values over. */
function kindOf(type: string): Column['kind'] {
  const t = type.toLowerCase();
  if (/int|real|double|float|numeric|decimal/.test(t)) return 'number';
  if (/text|char|clob/.test(t)) return 'string';
  return 'other';
}

// One program over schema.ts and what it imports: read once, in seconds on a loaded machine.
let declared: Tables;
beforeAll(() => {
  declared = declaredTables();
}, 120_000);

describeEachDatabase('schema.ts', (ctx) => {
  it('declares every table and column of the migrated database, with its type and whether it may be null', async () => {
    const { db } = ctx();
    const rows =
      db.dialect === 'postgres'
        ? (
            await sql<{ table: string; column: string; type: string; nullable: string }>`
              select table_name as "table", column_name as "column", data_type as "type", is_nullable as "nullable"
              from information_schema.columns where table_schema = current_schema()`.execute(db.kysely)
          ).rows.map((r) => ({ ...r, nullable: r.nullable === 'YES' }))
        : (
            await sql<{ table: string; column: string; type: string; notnull: number; pk: number }>`
              select m.name as "table", p.name as "column", p.type as "type", p."notnull" as "notnull", p.pk as "pk"
              from sqlite_master m join pragma_table_info(m.name) p
              where m.type = 'table' and m.name not like 'sqlite_%'`.execute(db.kysely)
          ).rows.map((r) => ({ ...r, nullable: r.notnull === 0 && r.pk === 0 }));
    const migrated: Tables = {};
    for (const r of rows) {
      if (r.table.startsWith('kysely_')) continue;
      (migrated[r.table] ??= {})[r.column] = { kind: kindOf(r.type), nullable: r.nullable };
    }
    expect(migrated).toEqual(declared);
  });
});
