import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, expect, it } from 'vitest';
import architecture from '../eslint-rules/index.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  const files: Record<string, string> = {
    'tsconfig.json': JSON.stringify({
      compilerOptions: { strict: true, module: 'ESNext', moduleResolution: 'Bundler', noEmit: true },
      include: ['*.ts'],
    }),
    // A ring of three value imports.
    'a.ts': "import { b } from './b.js';\nexport const a = (): number => b() + 1;\n",
    'b.ts': "import { c } from './c.js';\nexport const b = (): number => c();\n",
    'c.ts': "import { a } from './a.js';\nexport const c = (): number => (a.length > 0 ? 1 : 0);\n",
    // A ring closed only by a type import: erased at run time, but the two modules still need each other.
    'd.ts': "import type { E } from './e.js';\nexport const d = (e: E): number => e.n;\n",
    'e.ts': "import { d } from './d.js';\nexport interface E { n: number }\nexport const e = d({ n: 1 });\n",
  };
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('reports each import that closes a ring, with the ring, a type-only import included', async () => {
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: {
          parser: tseslint.parser,
          parserOptions: { project: './tsconfig.json', tsconfigRootDir: dir },
        },
        plugins: { architecture },
        rules: { 'architecture/no-import-cycles': 'error' },
      },
    ],
  });
  const results = await eslint.lintFiles(['*.ts']);
  const messages = Object.fromEntries(
    results.map((r) => [path.basename(r.filePath), r.messages.map((m) => m.message)]),
  );
  expect(messages['a.ts']).toEqual(['Import cycle: a.ts → b.ts → c.ts → a.ts.']);
  expect(messages['b.ts']).toEqual(['Import cycle: b.ts → c.ts → a.ts → b.ts.']);
  expect(messages['c.ts']).toEqual(['Import cycle: c.ts → a.ts → b.ts → c.ts.']);
  expect(messages['d.ts']).toEqual(['Import cycle: d.ts → e.ts → d.ts.']);
  expect(messages['e.ts']).toEqual(['Import cycle: e.ts → d.ts → e.ts.']);
}, 60_000);

const ROOT = path.resolve(import.meta.dirname, '..');
const FIXTURE = 'eslint-rules/fixtures/card-table-writes.ts';

it('reports a card table written by a string, a template, a constant or sql text, and nothing else', async () => {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { architecture },
        rules: {
          'architecture/no-card-table-writes': [
            'error',
            { tables: ['progress', 'reviews', 'frontiers', 'learning_starts', 'taken_back_answers'] },
          ],
        },
      },
    ],
  });
  const [result] = await eslint.lintFiles([FIXTURE]);
  const lines = fs.readFileSync(path.join(ROOT, FIXTURE), 'utf8').split('\n');
  const marked = lines.flatMap((line, i) => (line.endsWith('// reported') ? [i + 1] : []));
  expect(marked).toHaveLength(9);
  expect(result?.messages.map((m) => m.line)).toEqual(marked);
  expect(result?.messages.every((m) => m.ruleId === 'architecture/no-card-table-writes')).toBe(true);
});

it("is on for the server's files outside modules/cards, and off inside it", async () => {
  const eslint = new ESLint({ cwd: ROOT });
  const level = async (file: string) =>
    (await eslint.calculateConfigForFile(file)).rules?.['architecture/no-card-table-writes']?.[0];
  expect(await level('apps/server/src/modules/learning/learning.service.ts')).toBe(2);
  expect(await level('apps/server/src/lib/maintenance.ts')).toBe(2);
  expect(await level('apps/server/src/modules/cards/card-store.ts')).toBeUndefined();
});
