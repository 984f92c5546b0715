import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect } from 'vitest';
import { type RunningApp, startApp } from './app';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-component-update', '--disable-sync'];

/** Why the browser suite cannot run here, or null. In CI a missing browser is a failure, never a skip. */
function missingBrowser(): string | null {
  if (fs.existsSync(CHROMIUM)) return null;
  const message = `Chromium not found at ${CHROMIUM}: browser suite skipped; apt-get install chromium`;
  if (process.env.CI) throw new Error(`${message} (CI must run it)`);
  console.warn(message);
  return message;
}

export interface BrowserContextFixture {
  app: RunningApp;
  page: Page;
  context: BrowserContext;
  /** A fresh context (cookies, storage) at a viewport width, replacing the current page. */
  newPage(width?: number): Promise<Page>;
}

/**
 * A describe block with the built app on a fresh database and one Chromium for the file; each test gets a fresh
 * context. A failing test leaves a screenshot and a Playwright trace in test-results/e2e/<test>/.
 */
export function describeInBrowser(name: string, suite: (ctx: () => BrowserContextFixture) => void): void {
  const skip = missingBrowser();
  describe.skipIf(skip)(name, () => {
    let browser: Browser;
    let app: RunningApp;
    let context: BrowserContext | undefined;
    let page: Page | undefined;

    const newPage = async (width = 1280): Promise<Page> => {
      await context?.close();
      context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: app.url });
      await context.tracing.start({ screenshots: true, snapshots: true });
      page = await context.newPage();
      return page;
    };

    beforeAll(async () => {
      [browser, app] = await Promise.all([chromium.launch({ executablePath: CHROMIUM, args: ARGS }), startApp()]);
    });
    afterAll(async () => {
      await browser?.close();
      await app?.stop();
    });
    beforeEach(async () => {
      await newPage();
    });
    afterEach(async (test) => {
      const failed = test.task.result?.state === 'fail';
      if (failed && page && context) {
        const dir = path.resolve('test-results/e2e', test.task.name.replace(/[^\w-]+/g, '-').slice(0, 80));
        fs.mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: path.join(dir, 'failure.png'), fullPage: true }).catch(() => undefined);
        await context.tracing.stop({ path: path.join(dir, 'trace.zip') }).catch(() => undefined);
        console.error(`browser test failed: screenshot and trace in ${dir}`);
      }
      await context?.close();
      context = undefined;
    });

    suite(() => ({ app, page: page as Page, context: context as BrowserContext, newPage }));
  });
}

/** axe-core on the page as it is: fails on any serious or critical violation, naming rule and elements. */
export async function expectAccessible(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(report, `accessibility violations on ${page.url()}`).toEqual([]);
}
