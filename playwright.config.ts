import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './e2e/support/chromium';

// The browser suite (README "Test it"): Debian's Chromium, never a browser Playwright downloads. Outside CI a machine
// without it skips the suite (e2e/support/fixtures.ts); in CI a missing browser fails the run.
if (!fs.existsSync(CHROMIUM)) {
  if (process.env.CI)
    throw new Error(`Chromium not found at ${CHROMIUM}: CI must run the browser suite; apt-get install chromium`);
  console.warn(`Chromium not found at ${CHROMIUM}: browser suite skipped; apt-get install chromium`);
}

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  // Tests import @vocab/core and @vocab/api from source through this file's paths, as vitest does.
  tsconfig: './tsconfig.check.json',
  outputDir: 'test-results/e2e',
  // One worker: the machine has two cores, and the server and Chromium share them.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
    viewport: { width: 1280, height: 900 },
    colorScheme: 'light',
    reducedMotion: 'reduce',
    // The built app installs a service worker that answers from its own cache: a spec sees the server's build only
    // without it. e2e/offline.spec.ts allows it, to test the installed app.
    serviceWorkers: 'block',
    // Evidence of a failure, in test-results/e2e/<test>/: open a trace with `npx playwright show-trace <trace.zip>`.
    trace: 'retain-on-failure',
    screenshot: { mode: 'only-on-failure', fullPage: true },
  },
});
