// Lint enforces the architecture, not taste alone: no floating promises, no import cycles, the domain package
// free of I/O, and web features independent of each other (see docs/decisions/0001-architecture.md).
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import stylistic from '@stylistic/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import architecture from './eslint-rules/index.js';

/** Every folder of apps/web/src/features is a feature: a new one is covered by the boundary rules below at once. */
const webFeatures = fs
  .readdirSync(path.join(import.meta.dirname, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The tables of a learner's cards and everything that moves with them. */
const CARD_TABLES = ['progress', 'reviews', 'frontiers', 'learning_starts', 'taken_back_answers'];

export default tseslint.config(
  // The lint rules' fixtures are their tests' input, not code (scripts/eslint-rules.test.ts).
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'eslint-rules/fixtures/**',
    ],
  },
  js.configs.recommended,
  // Prettier lays code out (`npm run format`, checked by `npm run lint`); it leaves a line long where it cannot break
  // it (a string, a comment), and this rule catches those.
  { plugins: { '@stylistic': stylistic }, rules: { '@stylistic/max-len': ['error', { code: 120 }] } },
  ...tseslint.configs.recommended,
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { project: ['./tsconfig.check.json'], tsconfigRootDir: import.meta.dirname },
    },
    plugins: { architecture },
    rules: {
      'architecture/no-import-cycles': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process'] },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'The domain package does no I/O.' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // Features never import each other or the app layer; shared components import neither.
  ...webFeatures.map((name) => ({
    files: [`apps/web/src/features/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^@/features/(?!${name}/)`,
              message: 'Features do not import each other; compose them in src/app.',
            },
            { regex: '^@/app/', message: 'Features must not depend on the app layer.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^@/(features|app)/', message: 'Shared components stay feature-free.' }],
        },
      ],
    },
  },
  // The card's life has one home: only modules/cards writes the card tables (docs/decisions/0001-architecture.md).
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/modules/cards/**',
      'apps/server/src/db/migrations/**',
      '**/*.test.ts',
      'apps/server/src/test/**',
    ],
    rules: { 'architecture/no-card-table-writes': ['error', { tables: CARD_TABLES }] },
  },
  {
    files: ['scripts/**/*.ts', 'bench/**', 'e2e/**', '**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    rules: { 'no-console': 'off' },
  },
);
