import { expect, phone, test } from './support/fixtures';
import { quizOf, typeAnswer } from './support/learner';

// A narrow window with a mouse and a keyboard: the key hints show, and must not read as links of their own.
test.use({ viewport: { width: 375, height: 700 } });

test('keeps each shortcut on its button’s line, a key cap, not a second link', async ({ page }) => {
  await page.goto('/spanish-quiz');
  const quiz = quizOf(page);
  await quiz.prompt();
  await typeAnswer(quiz.input, 'zzzz');
  await quiz.feedback.getByText(/^Incorrect/).waitFor();
  for (const name of ['Undo', 'I was right']) {
    const button = page.getByRole('button', { name: new RegExp(`^${name}`) });
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
    await page.goto('/spanish-quiz');
    const quiz = quizOf(page);
    await quiz.prompt();
    await typeAnswer(quiz.input, 'zzzz');
    await quiz.feedback.getByText(/^Incorrect/).waitFor();
    for (const name of ['Undo', 'I was right']) {
      const box = await page.getByRole('button', { name: new RegExp(`^${name}`) }).boundingBox();
      expect(box && box.y + box.height, `${name} ends inside the window`).toBeLessThanOrEqual(430);
    }
    await expect(quiz.feedback).toBeInViewport();
  });
});
