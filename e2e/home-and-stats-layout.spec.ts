import { expect, phone, test } from './support/fixtures';

const SCREENS = [
  { width: 1280, height: 900, use: { viewport: { width: 1280, height: 900 } } },
  { width: 375, height: 812, use: phone(375, 812) },
];

for (const { width, height, use } of SCREENS) {
  test.describe(`at ${width}×${height}`, () => {
    test.use(use);

    test("the stats screen's memory-model card starts with its heading, no blank space above it", async ({ page }) => {
      await page.goto('/stats/spanish');
      const card = page.getByRole('region', { name: 'Your memory model' });
      const heading = card.getByRole('heading', { level: 2, name: 'Your memory model' });
      await expect(heading).toBeVisible();
      const gap = await heading.evaluate((h) => {
        const section = h.parentElement as HTMLElement;
        const style = getComputedStyle(section);
        const inner = section.getBoundingClientRect().top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop);
        return h.getBoundingClientRect().top - inner;
      });
      expect(gap).toBeLessThan(2);
    });
  });
}
