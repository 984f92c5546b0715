import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { type RunningApp, startApp } from './app';
import { CHROMIUM } from './chromium';

export { expect };

/** The app of the spec file the worker is in, kept from one test of the file to the next. */
interface AppPerFile {
  for(testInfo: TestInfo): Promise<RunningApp>;
}

/**
 * The browser suite's test: `app` is the built server (as `npm start` runs it) on a fresh database, one per spec
 * file as the tests of a file share accounts and the server's clock; `page` is Playwright's own, a new visitor in a
 * fresh context per test, at the viewport, colour scheme and touch the config or a `test.use` gives. A failing
 * test gets the server's output attached next to the screenshot and trace the config asks for.
 */
export const test = base.extend<{ app: RunningApp; chromiumPresent: void }, { appPerFile: AppPerFile }>({
  // Outside CI a machine without Chromium skips the suite; in CI playwright.config.ts refuses to start instead.
  chromiumPresent: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, testInfo) => {
      testInfo.skip(
        !fs.existsSync(CHROMIUM),
        `Chromium not found at ${CHROMIUM}: browser suite skipped; apt-get install chromium`,
      );
      await use();
    },
    { auto: true },
  ],
  appPerFile: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use) => {
      let current: { file: string; app: RunningApp } | undefined;
      await use({
        async for(testInfo) {
          if (current?.file !== testInfo.file) {
            await current?.app.stop();
            current = undefined;
            current = { file: testInfo.file, app: await startApp() };
          }
          return current.app;
        },
      });
      await current?.app.stop();
    },
    { scope: 'worker' },
  ],
  app: [
    async ({ appPerFile }, use, testInfo) => {
      const app = await appPerFile.for(testInfo);
      await use(app);
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('server output', {
          body: app.output().slice(-5000) || '(none)',
          contentType: 'text/plain',
        });
      }
    },
    // Starting the server (migrations, decks) is not the test's time.
    { timeout: 60_000 },
  ],
  baseURL: async ({ app }, use) => {
    await use(app.url);
  },
});

/**
 * The serious and critical axe-core violations of the page as it is, one line each: where, rule, impact, and the
 * elements. `rules` narrows the check (e.g. to color-contrast, the one rule a colour scheme changes).
 */
export async function seriousViolations(page: Page, where = page.url(), rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const result = await (rules ? builder.withRules(rules) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes.map((n) => `${n.target.join(' ')}${measured(n)}`).join(', ');
      return `${where}: ${v.id} (${v.impact}): ${v.help} — ${nodes}`;
    });
}

/**
 * What axe measured of a node, where it says (colour contrast: the colours and ratio it saw), to tell a real fault from
 * a page caught mid-change.
 */
function measured(node: { any: { data?: unknown }[] }): string {
  const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  return data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}, ${data.contrastRatio})` : '';
}

/** axe-core on the page as it is: fails on any serious or critical violation, naming rule and elements. */
export async function expectAccessible(page: Page, where = page.url()): Promise<void> {
  expect(await seriousViolations(page, where), `accessibility violations on ${where}`).toEqual([]);
}

/**
 * Context options of a phone (touch events, a coarse pointer), for `test.use`; 430 px high is one with its keyboard
 * open.
 */
export const phone = (width: number, height = 900) => ({ viewport: { width, height }, hasTouch: true, isMobile: true });
