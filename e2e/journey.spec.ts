import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, expectAccessible } from './support/browser';

type Word = { _id: string; word: string; article: string; translations: string[] };

/** The columns of the landing card grid, counted from the cards' positions. */
async function gridColumns(page: Page): Promise<number> {
  const tops = await page.locator('.language-deck > li').evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
  return tops.filter((top) => top === tops[0]).length;
}

describeInBrowser('a learner\'s journey', (ctx) => {
  for (const [width, columns] of [[375, 1], [800, 2], [1280, 4]] as const) {
    it(`shows the landing cards in ${columns} column(s) at ${width} px, accessibly`, async () => {
      const page = await ctx().newPage(width);
      await page.goto('/');
      await page.getByRole('heading', { name: 'Hello and welcome...' }).waitFor();
      await page.getByRole('link', { name: /Spanish/ }).waitFor();
      expect(await gridColumns(page)).toBe(columns);
      expect(await page.locator('.language-deck > li').count()).toBe(6);
      await expectAccessible(page);
    });
  }

  it('practises Spanish: a correct answer, a wrong one, then words come back for review once due', async () => {
    const { page, app } = ctx();
    await page.goto('/');
    await page.getByRole('link', { name: /Spanish/ }).click();
    await page.getByText('Up for review:').waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Review words' }).click();
    await page.getByText('No words to translate at this time').waitFor();

    await page.goto('/spanish-quiz');
    const words = (await (await page.request.get('/api/spanish')).json()) as Word[];
    const input = page.locator('input.quiz-input');
    await input.waitFor();
    await expectAccessible(page);
    const prompt = async () => (await page.locator('.quiz-prompt strong').textContent())?.trim() ?? '';
    const answerFor = (shown: string) => words.find((w) => shown === w.word || shown.endsWith(` ${w.word}`) || shown.endsWith(`'${w.word}`))?.translations[0] ?? '';

    const first = await prompt();
    await input.fill(answerFor(first));
    await page.keyboard.press('Enter');
    await page.getByText('Correct!').waitFor();
    expect(await input.getAttribute('readonly')).not.toBeNull();
    await page.getByText('Score: 1').waitFor();
    // SPEC.md §9: the next word after 2 seconds.
    await page.waitForFunction((p) => document.querySelector('.quiz-prompt strong')?.textContent?.trim() !== p, first, { timeout: 5000 });

    await input.fill('zzzz');
    await page.keyboard.press('Enter');
    await page.getByText('Incorrect').first().waitFor();

    // Ten days later (sessions stay: they end after 30 idle days) the word answered correctly is due.
    await app.moveClock(10 * 86_400_000);
    await page.goto('/spanish');
    await page.getByText(/Up for review: [1-9]/).waitFor();
    await page.getByRole('link', { name: 'Review words' }).click();
    await page.locator('.quiz-prompt strong').waitFor();
    expect(await page.getByText('No words to translate at this time').count()).toBe(0);
  });

  it('shows the secret language\'s words, the 404 page, and sends a contact message', async () => {
    const { page } = ctx();
    await page.goto('/all-secret-language-words');
    await page.getByRole('columnheader', { name: 'Secret' }).waitFor();
    expect(await page.getByRole('row').count()).toBeGreaterThan(70);
    await expectAccessible(page);

    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Error 404 Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Return Home' }).click();
    await page.getByRole('heading', { name: 'Hello and welcome...' }).waitFor();

    await page.goto('/contact');
    await page.getByLabel('Name').fill('Ana');
    await page.getByLabel('Email').fill('ana@example.org');
    await page.getByLabel('Message').fill('Muchas gracias');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Message submitted').waitFor();
  });
});
