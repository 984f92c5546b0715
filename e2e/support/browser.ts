import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect } from 'vitest';
import { type RunningApp, startApp } from './app';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-component-update', '--disable-sync'];
const RESULTS_DIR = path.resolve('test-results/e2e');

/** Why the browser suite cannot run here, or null. In CI a missing browser is a failure, never a skip. */
function missingBrowser(): string | null {
  if (fs.existsSync(CHROMIUM)) return null;
  if (process.env.CI) throw new Error(`Chromium not found at ${CHROMIUM}: CI must run the browser suite; apt-get install chromium`);
  const message = `Chromium not found at ${CHROMIUM}: browser suite skipped; apt-get install chromium`;
  console.warn(message);
  return message;
}

export interface ContextOptions {
  /** Viewport width in CSS pixels. */
  width?: number;
  /** Viewport height in CSS pixels: 900 unless said (430 is a phone with its keyboard open). */
  height?: number;
  colorScheme?: 'light' | 'dark';
  /** A phone: touch events and a coarse pointer. */
  touch?: boolean;
}

export interface BrowserFixture {
  app: RunningApp;
  page: Page;
  context: BrowserContext;
  /** A fresh context (a new visitor: no cookies, no storage), replacing the current page. */
  newPage(options?: ContextOptions): Promise<Page>;
}

/** The folder of a test's failure evidence: test-results/e2e/<test name>/. */
function evidenceDir(testName: string): string {
  return path.join(RESULTS_DIR, testName.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '').slice(0, 100));
}

/**
 * A describe block with the built app on a fresh database and one Chromium for the file; each test starts as a
 * new visitor in a fresh context at 1280 px. A failing test leaves a screenshot and a Playwright trace in
 * test-results/e2e/<test>/, and prints the server's output.
 */
export function describeInBrowser(name: string, suite: (fixture: () => BrowserFixture) => void): void {
  const skip = missingBrowser();
  describe.skipIf(skip)(name, () => {
    let browser: Browser | undefined;
    let app: RunningApp | undefined;
    let context: BrowserContext | undefined;
    let page: Page | undefined;

    const newPage = async ({ width = 1280, height = 900, colorScheme = 'light', touch = false }: ContextOptions = {}): Promise<Page> => {
      if (!browser || !app) throw new Error('the browser suite did not start');
      await context?.close();
      context = await browser.newContext({ viewport: { width, height }, baseURL: app.url, colorScheme, reducedMotion: 'reduce', hasTouch: touch, isMobile: touch });
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
    afterEach(async ({ task }) => {
      if (task.result?.state === 'fail' && page && context) {
        const dir = evidenceDir(task.name);
        fs.mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: path.join(dir, 'failure.png'), fullPage: true }).catch(() => undefined);
        await context.tracing.stop({ path: path.join(dir, 'trace.zip') }).catch(() => undefined);
        console.error(`"${task.name}" failed at ${page.url()}: screenshot and trace (npx playwright-core show-trace) in ${dir}`);
        console.error(`server output:\n${app?.output().slice(-5000) || '(none)'}`);
      }
      await context?.close();
      context = undefined;
      page = undefined;
    });

    suite(() => {
      if (!app || !page || !context) throw new Error('the browser suite did not start');
      return { app, page, context, newPage };
    });
  });
}

/**
 * The serious and critical axe-core violations of the page as it is, one line each: where, rule, impact, and the
 * elements. `rules` narrows the check (e.g. to color-contrast, the one rule a colour scheme changes).
 */
export async function seriousViolations(page: Page, where = page.url(), rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const result = await (rules ? builder.withRules(rules) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** axe-core on the page as it is: fails on any serious or critical violation, naming rule and elements. */
export async function expectAccessible(page: Page, where = page.url()): Promise<void> {
  expect(await seriousViolations(page, where), `accessibility violations on ${where}`).toEqual([]);
}
