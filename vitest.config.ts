import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests import the domain package from source, so they never depend on a stale build.
// The browser suite (e2e/) is Playwright's: playwright.config.ts.
const source = (pkg: string) => fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));
const alias = { '@vocab/core': source('core'), '@vocab/api': source('api') };

export default defineConfig({
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        resolve: { alias },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx', 'apps/web/src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
