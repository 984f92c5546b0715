import type { Word } from '@vocab/api';
import { getLanguage, withArticle } from '@vocab/core';
import { expect, expectAccessible, test } from './support/fixtures';
import { quizOf } from './support/learner';

/** A returning learner finds their level and the quiz no longer starts with "de" and "que". */
test.describe('the placement test', () => {
  test('places a visitor who knows the first 300 Spanish words near 300, and the quiz then starts after them', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // The deck as the test shows it (Spanish: the word with its article), by prompt.
    const deck = (await (await page.request.get('/api/spanish')).json()) as Word[];
    const byPrompt = new Map(
      deck.map((w) => [withArticle(w.word, w.article || null, getLanguage('spanish').locale), w]),
    );

    await page.goto('/spanish');
    const offer = page.getByRole('region', { name: 'Already know some Spanish?' });
    // One entry to the quiz: New words' "Practice vocab", not a second button beside the offer.
    await expect(page.locator('a[href="/spanish-quiz"]')).toHaveCount(1);
    await offer.getByRole('link', { name: 'Find your level' }).click();
    await page.getByRole('heading', { level: 1, name: 'Spanish: find your level' }).waitFor();

    const prompt = page.locator('.quiz-prompt strong');
    const field = page.getByRole('textbox', { name: 'In English' });
    const result = page.getByRole('heading', { level: 2, name: /most common Spanish words/ });
    let asked = 0;
    for (; asked < 40 && !(await result.isVisible()); asked++) {
      await expect(prompt.or(result)).toBeVisible();
      if (await result.isVisible()) break;
      const shown = (await prompt.textContent()) ?? '';
      if (asked === 0) await expectAccessible(page);
      const word = byPrompt.get(shown);
      if (!word) throw new Error(`the test asked "${shown}", not a deck prompt`);
      await expect(field).toBeFocused();
      if (word.rank <= 300) await field.fill(word.translations[0] ?? '');
      if (word.rank <= 300 || asked % 2 === 0) await field.press('Enter');
      else await page.getByRole('button', { name: /I don't know/ }).click();
      // The next word, or the result.
      await page.waitForFunction(
        (previous) => document.querySelector('.quiz-prompt strong')?.textContent !== previous,
        shown,
      );
    }
    expect(asked).toBeGreaterThanOrEqual(16);
    expect(asked).toBeLessThanOrEqual(36);

    await expect(result).toBeVisible();
    const about = Number((await result.textContent())?.match(/About ([\d,]+)/)?.[1]?.replace(',', ''));
    expect(about).toBeGreaterThanOrEqual(240);
    expect(about).toBeLessThanOrEqual(360);
    await expect(page.getByText(/words are marked as known/)).toBeVisible();
    // Centred where the test was, not left-aligned under it.
    const card = await page.getByRole('region', { name: /most common Spanish words/ }).boundingBox();
    const main = await page.locator('main').boundingBox();
    expect(Math.abs((card?.x ?? 0) + (card?.width ?? 0) / 2 - ((main?.x ?? 0) + (main?.width ?? 0) / 2))).toBeLessThan(
      2,
    );
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Start learning' }).click();
    const quiz = quizOf(page);
    const first = await quiz.prompt();
    const firstWord = byPrompt.get(first);
    expect(first).not.toBe('de');
    expect(firstWord?.rank).toBeGreaterThan(200);

    await page.goto('/spanish');
    await expect(page.getByText(/You know about/)).toHaveText(
      `You know about ${about} of the most common Spanish words. Redo the placement test`,
    );
    await expect(page.getByRole('link', { name: 'Redo the placement test' })).toHaveAttribute(
      'href',
      '/placement/spanish',
    );
  });

  test('shows its result in the column the test was in, under the same heading', async ({ page }) => {
    await page.goto('/placement/spanish');
    const heading = page.getByRole('heading', { level: 1, name: 'Spanish: find your level' });
    const form = page.locator('form.quiz-form');
    await form.waitFor();
    const [duringHeading, duringForm] = await Promise.all([heading.boundingBox(), form.boundingBox()]);
    const result = page.getByRole('region', { name: /You are starting from the first Spanish word/ });
    const prompt = page.locator('.quiz-prompt strong');
    for (let asked = 0; asked < 40 && !(await result.isVisible()); asked++) {
      const shown = await prompt.textContent();
      await page.getByRole('button', { name: /I don't know/ }).click();
      await page.waitForFunction((previous) => {
        // The next word (not the moment between two words with none), or the result.
        const now = document.querySelector('.quiz-prompt strong')?.textContent;
        return (now !== undefined && now !== previous) || document.querySelector('.placement-result') !== null;
      }, shown);
    }
    await expect(result).toBeVisible();
    const [afterHeading, card] = await Promise.all([heading.boundingBox(), result.boundingBox()]);
    // The heading stays where it was, and the card starts where the test's field did.
    expect(afterHeading?.x).toBe(duringHeading?.x);
    expect(Math.abs((card?.x ?? 0) - (duringForm?.x ?? -100))).toBeLessThan(2);
  });
});
