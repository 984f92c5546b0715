import type { ConsoleMessage } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** The API's docs page, for operators and other clients: rendered from the OpenAPI document, within the app's CSP. */
test('the docs page lists the declared endpoints and runs under its Content-Security-Policy', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  const res = await page.goto('/api/docs/');
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self';");
  await expect(page.getByText('Vocab API', { exact: false }).first()).toBeVisible();
  const review = page.locator('.opblock', { hasText: '/api/{language}/for-review' });
  await expect(review).toBeVisible();

  await review.locator('.opblock-summary').click();
  // The per-language path is documented once, its language a path parameter listing the active languages.
  const language = review.locator('tr[data-param-name="language"][data-param-in="path"]');
  await expect(language).toContainText('spanish, french, german, italian, portuguese');
  await expect(review.locator('tr[data-param-name="direction"][data-param-in="query"]')).toBeVisible();
  expect(problems, 'console errors (a CSP violation shows as one)').toEqual([]);
});
