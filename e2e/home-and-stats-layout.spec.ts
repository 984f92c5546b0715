import type { Locator } from '@playwright/test';
import { expect, phone, test } from './support/fixtures';
import { addLanguage, signUpAndLogIn } from './support/learner';

/** Where a box starts on the page, in CSS pixels from the top of the document. */
async function top(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not shown`);
  return box.y + (await locator.page().evaluate(() => window.scrollY));
}

const SCREENS = [
  { width: 1280, height: 900, use: { viewport: { width: 1280, height: 900 } } },
  { width: 375, height: 812, use: phone(375, 812) },
];

for (const { width, height, use } of SCREENS) {
  test.describe(`at ${width}×${height}`, () => {
    test.use(use);

    test("a language's home shows practice before the deck's long list of levels", async ({ page }) => {
      await page.goto('/spanish');
      const practice = page.getByRole('link', { name: 'Practice vocab' });
      const levels = page.getByRole('heading', { level: 2, name: 'Levels of the deck' });
      await expect(levels).toBeVisible();
      expect(await top(practice)).toBeLessThan(await top(levels));
      if (width > 800) {
        // On a desktop every practice card is in the first screen, without scrolling.
        for (const name of ['Practice vocab', 'Review words', 'Practice in context']) {
          const box = await page.getByRole('link', { name }).boundingBox();
          expect(box && box.y + box.height, name).toBeLessThanOrEqual(height);
        }
        // Listening's card, whose button gives way to a sentence where the browser has no Spanish voice (as here).
        const listen = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: 'Listen and type' }) });
        const box = await listen.boundingBox();
        expect(box && box.y + box.height, 'Listen and type').toBeLessThanOrEqual(height);
      }
    });

    test("the stats screen's memory-model card starts with its heading, no blank space above it", async ({ page }) => {
      await page.goto('/stats/spanish');
      const card = page.getByRole('region', { name: 'Your memory model' });
      const heading = card.getByRole('heading', { level: 2, name: 'Your memory model' });
      await expect(heading).toBeVisible();
      const gap = await heading.evaluate((h) => {
        const section = h.parentElement as HTMLElement;
        const style = getComputedStyle(section);
        const inner =
          section.getBoundingClientRect().top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop);
        return h.getBoundingClientRect().top - inner;
      });
      expect(gap).toBeLessThan(2);
    });
  });
}

test('a language\'s two homes name each other, and "Back to Spanish" returns to the one the learner came from', async ({
  page,
}) => {
  await signUpAndLogIn(page, 'two-homes');
  await addLanguage(page, 'spanish');
  await page.goto('/user-home');
  await page.getByRole('link', { name: /^Spanish/ }).click();
  await page.waitForURL('**/generic/spanish');
  const main = page.getByRole('main');

  // From Your languages: the charts, and back, through a reload, to Your languages' Spanish.
  await main.getByRole('link', { name: 'Your progress charts' }).click();
  await page.waitForURL('**/stats/spanish');
  await page.reload();
  await main.getByRole('link', { name: 'Back to Spanish' }).click();
  await page.waitForURL('**/generic/spanish');
  await expect(main.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();

  // The other home, named plainly, and from there back to it.
  await main.getByRole('link', { name: 'Spanish page' }).click();
  await page.waitForURL('**/spanish');
  await main.getByRole('link', { name: 'Add words' }).click();
  await main.getByRole('link', { name: 'Back to Spanish' }).click();
  await page.waitForURL(/\/spanish$/);
  await main.getByRole('link', { name: 'Your languages: Spanish' }).click();
  await page.waitForURL('**/generic/spanish');
});
