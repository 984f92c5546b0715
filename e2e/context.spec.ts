import type { Word } from '@vocab/api';
import { type ExampleSentence, exampleSentence, sentenceText } from '@vocab/core';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, phone, test } from './support/fixtures';
import { learnedCount, skipAnswerPause, typeAnswer } from './support/learner';

/** A phone with its keyboard open: 430 px of the page left in view. */
test.use(phone(375, 430));

/** The sentence the in-context prompt shows, found among the recall card's next words by its English. */
async function askedSentence(page: Page): Promise<ExampleSentence> {
  const english = (await page.locator('.cloze-translation').textContent()) ?? '';
  const res = await page.request.get('/api/spanish?limit=45&unlearned=true&direction=recall');
  const sentences = ((await res.json()) as Word[]).map((w) => exampleSentence(w.example, w.exampleTranslation));
  const sentence = sentences.find((s) => s?.translation === english);
  if (!sentence) throw new Error(`no word of the recall batch has the sentence "${english}"`);
  return sentence;
}

test(
  'practises Spanish in context on a phone with its keyboard open; ' + 'the sentence after each answer is in view',
  async ({ page }) => {
    await page.clock.install();
    await page.goto('/spanish');
    await page.getByRole('link', { name: 'Practice in context' }).click();
    await expect(page).toHaveURL(/\/context\/spanish$/);
    await expect(page.getByRole('heading', { name: 'Spanish in context' })).toBeVisible();
    const input = page.getByRole('textbox', { name: 'The missing Spanish word' });
    const feedback = page.locator('.quiz-feedback');
    const shown = page.getByRole('figure', { name: 'Example sentence' });

    // A miss: the form is shown, and the whole sentence with it, marked, under the correction, all in view.
    const first = await askedSentence(page);
    await expect(page.locator('.cloze-sentence')).toHaveText(`${first.before}blank${first.after}`);
    await typeAnswer(input, 'zzzz');
    await expect(feedback).toHaveText(`Incorrect. ${first.form}`);
    await expect(shown.locator('p')).toHaveText(sentenceText(first));
    await expect(shown.locator('mark')).toHaveText(first.form);
    await expect(shown).toContainText(first.translation);
    await expect(feedback).toBeInViewport({ ratio: 1 });
    await expect(shown).toBeInViewport({ ratio: 1 });
    await expectAccessible(page);

    // Retyping the form goes on; the next word, typed right as it stands in its sentence, shows its own sentence.
    await input.fill(first.form);
    await skipAnswerPause(page);
    await expect(page.locator('.cloze-translation')).not.toHaveText(first.translation);
    const second = await askedSentence(page);
    await input.fill(second.form.toUpperCase());
    await expect(feedback).toHaveText('Correct!');
    await expect(shown.locator('mark')).toHaveText(second.form);
    await expect(shown).toBeInViewport({ ratio: 1 });

    // The answers count on the recall card (decision 0014): the English → Spanish practice has one word learned.
    await skipAnswerPause(page);
    await expect.poll(() => learnedCount(page, 'spanish', 'recall')).toBe(1);
  },
);
