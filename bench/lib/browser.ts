import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { median } from './load.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });

/** A mid-range phone: Moto G4-class CPU (×4 slower) on a slow 4G link (150 ms RTT, 1.6 Mbps down, 750 kbps up). */
async function mobileContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, ' +
      'like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number | null };
    w.__lcp = null;
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      const last = entries[entries.length - 1];
      if (last) w.__lcp = last.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  return { context, page };
}

/** Largest Contentful Paint of a cold load of `url` under the mobile profile, in ms; median of `runs` loads. */
export async function measureLcp(browser: Browser, url: string, runs = 3): Promise<{ median: number; runs: number[] }> {
  const values: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { context, page } = await mobileContext(browser);
    try {
      await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
      // LCP is final once the page stops painting; a short pause lets the last entry arrive.
      await page.waitForTimeout(500);
      const lcp = await page.evaluate(() => (window as unknown as { __lcp: number | null }).__lcp);
      if (lcp !== null) values.push(lcp);
    } finally {
      await context.close();
    }
  }
  return { median: values.length ? median(values) : NaN, runs: values };
}

/** Installed in the page before the last keystroke: keydown time, then the frame after "Correct!" appears. */
function armProbe(): void {
  const w = window as unknown as { __probe: { key: number | null; shown: number | null } };
  w.__probe = { key: null, shown: null };
  document.addEventListener(
    'keydown',
    (e) => {
      if (w.__probe.key === null) w.__probe.key = e.timeStamp || performance.now();
    },
    { capture: true, once: true },
  );
  const observer = new MutationObserver(() => {
    if (w.__probe.key === null || !(document.body.textContent ?? '').includes('Correct!')) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      w.__probe.shown = performance.now();
    });
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
}

async function lastKeyLatency(page: Page, lastKey: string): Promise<number | null> {
  await page.evaluate(armProbe);
  await page.keyboard.press(lastKey === ' ' ? 'Space' : lastKey);
  try {
    await page.waitForFunction(
      () => (window as unknown as { __probe: { shown: number | null } }).__probe.shown !== null,
      undefined,
      { timeout: 3000 },
    );
  } catch {
    return null;
  }
  const probe = await page.evaluate(() => (window as unknown as { __probe: { key: number; shown: number } }).__probe);
  return probe.shown - probe.key;
}

/**
 * The floor for the same measurement: a bare page whose input shows "Correct!" from a plain input handler. Whatever
 * the app adds on top of this is React, the quiz engine and the screen.
 */
export async function bareKeystroke(browser: Browser, samples = 5): Promise<number> {
  const page = await browser.newPage();
  const values: number[] = [];
  try {
    await page.setContent(`<label for="a">Answer</label><input id="a" autofocus><p id="f"></p>
      <script>document.getElementById('a').addEventListener('input', (e) => {
        document.getElementById('f').textContent = e.target.value === 'house' ? 'Correct!' : '';
      });</script>`);
    for (let i = 0; i < samples; i++) {
      await page.fill('#a', 'hous');
      await page.focus('#a');
      const v = await lastKeyLatency(page, 'e');
      if (v !== null) values.push(v);
      await page.fill('#a', '');
    }
  } finally {
    await page.close();
  }
  return median(values);
}

interface QuizWord {
  word: string;
  translations: string[];
}

export interface KeystrokeResult {
  median: number | null;
  samples: number[];
  /** Every script the quiz page loaded (paths), to size what a quiz needs. */
  jsFiles: string[];
  problem?: string;
}

/**
 * Time from the keystroke that completes a correct answer to "Correct!" on screen, in the Spanish quiz of a
 * logged-in learner (the answer is checked in the browser; the server is told afterwards).
 */
export async function quizKeystroke(
  browser: Browser,
  baseUrl: string,
  cookie: string,
  samples = 5,
  cpuRate = 1,
): Promise<KeystrokeResult> {
  const context = await browser.newContext();
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: baseUrl }]);
  const page = await context.newPage();
  const values: number[] = [];
  let jsFiles: string[] = [];
  const result = (extra: Partial<KeystrokeResult> = {}): KeystrokeResult => ({
    median: values.length ? median(values) : null,
    samples: values,
    jsFiles,
    ...extra,
  });
  try {
    if (cpuRate > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    }
    const wordsResponse = page.waitForResponse(
      (r) => /\/api\/spanish(\?|$)/.test(r.url()) && r.request().method() === 'GET',
      { timeout: 15_000 },
    );
    await page.goto(`${baseUrl}/spanish-quiz`, { waitUntil: 'load' });
    let words: QuizWord[];
    try {
      words = (await (await wordsResponse).json()) as QuizWord[];
    } catch {
      return result({ problem: 'the quiz did not request its words (GET /api/spanish)' });
    }
    const input = page.locator('input.quiz-input');
    try {
      await input.waitFor({ timeout: 10_000 });
    } catch {
      return result({ problem: 'no answer input (input.quiz-input) on /spanish-quiz yet' });
    }
    jsFiles = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.endsWith('.js')),
    );
    for (let i = 0; i < samples; i++) {
      const prompt = (await page.locator('.quiz-prompt strong').first().textContent({ timeout: 5000 }))?.trim() ?? '';
      const match = words
        .filter((w) => prompt === w.word || prompt.endsWith(` ${w.word}`))
        .sort((a, b) => b.word.length - a.word.length)[0];
      // The shortest accepted answer: no other accepted answer can be taken on the way to it.
      const answer = match?.translations.slice().sort((a, b) => a.length - b.length)[0];
      if (!answer) return result({ problem: `prompt "${prompt}" is not in the batch` });
      await input.focus();
      await page.keyboard.type(answer.slice(0, -1));
      const v = await lastKeyLatency(page, answer.slice(-1));
      if (v === null) return result({ problem: `"Correct!" did not appear for "${prompt}" → "${answer}"` });
      values.push(v);
      // The quiz moves on by itself after the verdict; wait for the next word.
      await page
        .waitForFunction((p) => document.querySelector('.quiz-prompt strong')?.textContent?.trim() !== p, prompt, {
          timeout: 5000,
        })
        .catch(() => undefined);
    }
  } finally {
    await context.close();
  }
  return result();
}
