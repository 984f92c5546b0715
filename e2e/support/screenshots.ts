/**
 * Screenshots of every screen at a phone's and a desktop's width, for looking at the app as a whole:
 *
 * npm run build && npx tsx --tsconfig tsconfig.check.json e2e/support/screenshots.ts [out-dir] [--dark]
 * [--url=http://…]
 *
 * `--url` uses a server already running (on a fresh database) instead of starting the built one.
 * The built app runs on a fresh database; a visitor's screens come first, then a guest who practises Spanish,
 * signs up and sees the logged-in screens. Files are named <width>-<screen>.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Word } from '@vocab/api';
import { chromium, type Page } from 'playwright-core';
import { startApp } from './app';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';
import { PASSWORD } from './learner';
import { ACCOUNT_ROUTES, VISITOR_ROUTES } from './routes';

const WIDTHS = [
  [375, 812],
  [1280, 900],
] as const;

// Every route the accessibility check visits, with the settings a visitor may open and a language's pages seen by an
// account.
const VISITOR = [...VISITOR_ROUTES, '/settings'];
const ACCOUNT = [...ACCOUNT_ROUTES, '/spanish', '/stats/spanish'];

const fileName = (width: number, who: string, route: string) =>
  `${width}-${who}${route === '/' ? '-landing' : route.replace(/[^\w]+/g, '-')}.png`;

async function settle(page: Page): Promise<void> {
  await page
    .locator('main h1, main h2')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await page
    .waitForFunction(() => document.querySelector('.loading') === null, undefined, { timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

async function shoot(page: Page, dir: string, width: number, who: string, routes: readonly string[]): Promise<void> {
  for (const route of routes) {
    await page.goto(route);
    await settle(page);
    await page.screenshot({ path: path.join(dir, fileName(width, who, route)), fullPage: true });
  }
}

/** A guest answers `count` Spanish words, every fourth one wrong, through the API the quiz uses. */
async function practise(page: Page, count: number): Promise<void> {
  const words = (await (await page.request.get('/api/spanish?limit=50')).json()) as Word[];
  for (const [i, word] of words.slice(0, count).entries()) {
    const res = await page.request.patch(`/api/spanish/${word._id}`, {
      data: { verdict: i % 4 === 3 ? 'wrong' : 'correct' },
    });
    if (!res.ok()) throw new Error(`answer failed: ${res.status()} ${await res.text()}`);
  }
}

async function main(): Promise<void> {
  const dir = path.resolve(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'test-results/screens');
  const colorScheme = process.argv.includes('--dark') ? 'dark' : 'light';
  fs.mkdirSync(dir, { recursive: true });
  const external = process.argv.find((a) => a.startsWith('--url='))?.slice('--url='.length);
  const [browser, app] = await Promise.all([
    chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }),
    external ? { url: external, stop: async () => undefined } : startApp(),
  ]);
  try {
    for (const [width, height] of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height }, baseURL: app.url, colorScheme });
      const page = await context.newPage();
      await shoot(page, dir, width, 'visitor', VISITOR);
      await page.goto('/');
      await practise(page, 16);
      await shoot(page, dir, width, 'guest', ['/spanish', '/stats/spanish']);
      const username = `learner${width}`;
      await page.request.post('/api/auth/signup', { data: { username, password: PASSWORD } });
      await page.request.post('/api/auth/login', { data: { username, password: PASSWORD } });
      await shoot(page, dir, width, 'account', ACCOUNT);
      await context.close();
    }
  } finally {
    await browser.close();
    await app.stop();
  }
  console.log(`screenshots in ${dir}`);
}

await main();
