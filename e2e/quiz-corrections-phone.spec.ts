import type { Page } from '@playwright/test';
import { expect, phone, test } from './support/fixtures';
import { quizOf, typeAnswer } from './support/learner';

// A narrow window with a mouse and a keyboard: the key hints show, and must not read as links of their own.
test.use({ viewport: { width: 375, height: 700 } });

/** The buttons a wrong answer offers: take it back, or count it right. */
const CORRECTIONS = ['Undo', 'I was right'];
const correction = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) });

/** Opens the Spanish quiz and answers its first word wrong: the correction buttons show. */
async function wrongAnswerShown(page: Page) {
  await page.goto('/spanish-quiz');
  const quiz = quizOf(page);
  await quiz.prompt();
  await typeAnswer(quiz.input, 'zzzz');
  await quiz.feedback.getByText(/^Incorrect/).waitFor();
  return quiz;
}

test('keeps each shortcut on its button’s line, a key cap, not a second link', async ({ page }) => {
  await wrongAnswerShown(page);
  for (const name of CORRECTIONS) {
    const button = correction(page, name);
    const lines = await button.evaluate((el) => {
      const words = el.firstChild;
      const range = document.createRange();
      if (words) range.selectNode(words);
      const key = el.querySelector('kbd');
      return {
        wordLines: range.getClientRects().length,
        wordsTop: range.getBoundingClientRect().top,
        keyTop: key?.getBoundingClientRect().top ?? NaN,
        keyHeight: key?.getBoundingClientRect().height ?? NaN,
        sameColour: key ? getComputedStyle(key).color === getComputedStyle(el).color : true,
      };
    });
    expect(lines.wordLines, `${name}: the words on one line`).toBe(1);
    expect(Math.abs(lines.keyTop - lines.wordsTop), `${name}: the shortcut on the words' line`).toBeLessThan(
      lines.keyHeight,
    );
    expect(lines.sameColour, `${name}: the shortcut quieter than the button's words, not a second link`).toBe(false);
  }
});

test.describe('on a phone with its keyboard open', () => {
  test.use(phone(375, 430));

  test('shows Undo and "I was right" after a wrong answer without scrolling', async ({ page }) => {
    const quiz = await wrongAnswerShown(page);
    for (const name of CORRECTIONS) {
      const box = await correction(page, name).boundingBox();
      expect(box && box.y + box.height, `${name} ends inside the window`).toBeLessThanOrEqual(430);
    }
    await expect(quiz.feedback).toBeInViewport();
  });
});
