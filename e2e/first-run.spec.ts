import type { Word } from '@vocab/api';
import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures';
import { PASSWORD, addLanguage, answerTo, quizOf, signUpAndLogIn, wordsOf } from './support/learner';

/** A newcomer's first minutes: what they see on arrival, the way in as a guest, and keeping it all at signup. */

/** Every console error or warning, and every uncaught error, of the page from now on. */
function watchConsole(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    // The suite's own doing, not the app's: playwright.config.ts blocks the service worker the app registers.
    if (message.text() === 'Service Worker registration blocked by Playwright') return;
    if (message.type() === 'error' || message.type() === 'warning') seen.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.push(`pageerror: ${error.message}`));
  return seen;
}

/** Whether the page is wider than the window (a learner would have to scroll sideways). */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** The header's height and whether its items sit in one row. */
const header = (page: Page) =>
  page.evaluate(() => {
    const bar = document.querySelector('header.navbar')?.getBoundingClientRect();
    const items = [...document.querySelectorAll('.navbar-inner > *')].filter(
      (el) => getComputedStyle(el).display !== 'none' && !el.classList.contains('nav-links'),
    );
    const tops = new Set(
      items.map((el) => Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2)),
    );
    return { height: bar?.height ?? 0, rows: tops.size };
  });

/** Answers the Spanish quiz's first word right and waits until the server has stored it. */
async function answerFirstWordRight(page: Page): Promise<void> {
  const quiz = quizOf(page);
  const prompt = await quiz.prompt();
  const words = await wordsOf(page, 'spanish');
  const saved = page.waitForResponse((res) => res.request().method() === 'PATCH' && res.ok());
  await quiz.input.fill(answerTo(prompt, words, 'spanish'));
  await quiz.feedback.getByText('Correct!').waitFor();
  await saved;
}

test.describe('the first five minutes', () => {
  test("logs no console error or warning on a visitor's page loads (no session is an expected answer)", async ({
    page,
  }) => {
    const seen = watchConsole(page);
    for (const route of ['/', '/spanish', '/about', '/login']) {
      await page.goto(route);
      await page.locator('main h1').first().waitFor();
      await page.waitForFunction(() => document.querySelector('.loading') === null);
    }
    expect(seen).toEqual([]);
  });

  test.describe(() => {
    test.use({ viewport: { width: 375, height: 900 } });

    test(
      'takes a newcomer from the landing page into practice as a guest, ' +
        'then through signup to a home that shows it',
      async ({ page }) => {
        const seen = watchConsole(page);
        await page.goto('/');
        await page.getByText(/Learn the words you need by typing them/).waitFor();
        await page.getByRole('link', { name: 'Start practising Spanish now' }).click();
        await page.waitForURL('**/spanish-quiz');
        await answerFirstWordRight(page);

        // Signup is in the folded menu on a phone.
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Signup' }).click();
        await page.getByLabel('Username').fill('newcomer');
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await page.getByLabel('Confirm password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign up' }).click();
        await page.getByText('✔ Signup Successful. You are logged in as newcomer.').waitFor();
        // One message, not contradicted: no "Click here to login", no "Already have an account? Log in".
        expect(
          await page
            .locator('main')
            .getByRole('link', { name: /log ?in/i })
            .count(),
        ).toBe(0);

        // Logged in already: the languages practised as a guest are the account's, with their progress.
        await page.getByRole('link', { name: 'Go to your languages' }).click();
        await page.waitForURL('**/user-home');
        await page.getByRole('heading', { name: 'Hello, newcomer' }).waitFor();
        const spanish = page.getByRole('link', { name: /^Spanish/ });
        await spanish.getByText(/^1 \/ [\d,]+ words/).waitFor();
        expect(await page.getByText('No languages added yet').count()).toBe(0);

        // Its home shows the same figures from either route.
        await spanish.click();
        await page.waitForURL('**/generic/spanish');
        const figures = page.getByText(/^Total: [\d,]+ words, 1 learned$/);
        await figures.waitFor();
        const generic = await figures.textContent();
        await page.goto('/spanish');
        expect(await page.getByText(/^Total: /).textContent()).toBe(generic);
        expect(await overflowsSideways(page)).toBe(false);
        expect(seen).toEqual([]);
      },
    );

    test(
      'draws the answers calendar readably at 375 px: ' + "month and weekday labels, a legend, and today's count",
      async ({ page }) => {
        await page.goto('/');
        const words = (await (await page.request.get('/api/spanish')).json()) as Word[];
        for (const word of words.slice(0, 3))
          await page.request.patch(`/api/spanish/${word._id}`, { data: { verdict: 'correct' } });
        await page.goto('/stats/spanish');

        const calendar = page.getByRole('img', { name: /^Answers per day over the last 90 days: 3 answers on 1 day/ });
        await calendar.waitFor();
        const labels = await calendar.locator('text').evaluateAll((texts) =>
          texts.map((t) => {
            const box = t.getBoundingClientRect();
            return { text: t.textContent, left: box.left, right: box.right, height: box.height };
          }),
        );
        expect(labels.map((l) => l.text)).toEqual(expect.arrayContaining(['Mon', 'Wed', 'Fri']));
        expect(
          labels.filter((l) => /^[A-Z][a-z]{2,3}$/.test(l.text ?? '') && !['Mon', 'Wed', 'Fri'].includes(l.text ?? ''))
            .length,
        ).toBeGreaterThanOrEqual(3);
        for (const label of labels) {
          expect(label.left, `${label.text} starts on screen`).toBeGreaterThanOrEqual(0);
          expect(label.right, `${label.text} ends on screen`).toBeLessThanOrEqual(375);
          expect(label.height, `${label.text} is big enough to read`).toBeGreaterThanOrEqual(9);
        }
        const box = await calendar.boundingBox();
        expect(box?.width).toBeGreaterThanOrEqual(250);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
        await page.locator('.heatmap-legend').getByText('Less').waitFor();
        await page.locator('.heatmap-legend').getByText('More').waitFor();
        expect(await page.locator('.heatmap-day').textContent()).toBe('Today: 3 answers');
        expect(await page.getByRole('table', { name: 'Answers per day' }).locator('tbody tr').count()).toBe(90);
        expect(await overflowsSideways(page)).toBe(false);
        await expectAccessible(page);
      },
    );

    test(
      'keeps the header one compact row on quiz and review pages at 375 px, ' + 'and folds the links behind Menu',
      async ({ page }) => {
        await signUpAndLogIn(page, 'compact');
        await addLanguage(page, 'spanish');
        await page.goto('/spanish-quiz');
        await answerFirstWordRight(page);
        for (const route of [
          '/spanish-quiz',
          '/spanish/up-for-review',
          '/quiz/generic/spanish',
          '/review/generic/spanish',
          '/quiz/generic/spanish?direction=recall',
        ]) {
          await page.goto(route);
          await page.locator('main h1').first().waitFor();
          await page.getByText(/-day streak · \d+\/\d+ today/).waitFor();
          const { height, rows } = await header(page);
          expect(height, `header height on ${route}`).toBeLessThanOrEqual(56);
          expect(rows, `header rows on ${route}`).toBe(1);
          expect(await overflowsSideways(page), `sideways scroll on ${route}`).toBe(false);
        }

        // The menu opens from the keyboard and Escape closes it, focus back on its button.
        const menu = page.getByRole('button', { name: 'Menu' });
        await menu.focus();
        await page.keyboard.press('Enter');
        expect(await menu.getAttribute('aria-expanded')).toBe('true');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Escape');
        expect(await menu.getAttribute('aria-expanded')).toBe('false');
        expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
      },
    );

    test('lets a guest reach the settings that work for guests, from the menu', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
      await page.waitForURL('**/settings');
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      await page.getByLabel(/Strict accents/).waitFor();
      expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
    });
  });
});
