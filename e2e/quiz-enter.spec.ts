import type { Word } from '@vocab/api';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { addLanguage, answerTo, quizOf, signUpAndLogIn } from './support/learner';

const DAY_MS = 86_400_000;

/** The recall card's next words, English shown and the foreign word typed, as the quizzes below ask them. */
async function recallWords(page: Page, language: string): Promise<Word[]> {
  const res = await page.request.get(`/api/${language}?limit=45&unlearned=true&direction=recall`);
  return (await res.json()) as Word[];
}

/**
 * The quizzes of new words, English shown: the learner has never seen their words. The page's clock is Playwright's
 * and stands still from the first answer on, so only a key can move the quiz on.
 */
const NEW_WORDS = [
  { url: '/spanish-quiz?direction=recall', language: 'spanish' },
  { url: '/french-quiz?direction=recall', language: 'french' },
  { url: '/quiz/generic/german?direction=recall', language: 'german' },
  { url: '/quiz/generic/italian?direction=recall', language: 'italian' },
];

for (const { url, language } of NEW_WORDS) {
  const title =
    `${url}: Enter ends the pause at once; ` +
    'an empty Enter on a new word is "I don\'t know", a double Enter after an answer is not';
  test(title, async ({ page }) => {
    await page.clock.install();
    await signUpAndLogIn(page, `enter-${language}-${url.includes('generic') ? 'generic' : 'own'}`);
    await addLanguage(page, language);
    await page.goto(url);
    const quiz = quizOf(page);
    const words = await recallWords(page, language);
    let prompt = await quiz.prompt();
    await page.clock.pauseAt(Date.now() + 1_000);

    // Accepted as typed, then Enter: the next word at once, the clock still.
    await quiz.input.fill(answerTo(prompt, words, language));
    await expect(quiz.feedback).toHaveText('Correct!');
    await quiz.input.press('Enter');
    prompt = await quiz.nextPrompt(prompt);
    await expect(quiz.score).toHaveText('Score: 1');
    await expect(quiz.input).toHaveValue('');
    await expect(quiz.input).toBeFocused();

    // A double Enter after an answer ends the pause, and the second press does not give up the next word.
    await quiz.input.fill(answerTo(prompt, words, language));
    await expect(quiz.feedback).toHaveText('Correct!');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    prompt = await quiz.nextPrompt(prompt);
    await expect(quiz.feedback).toHaveText('');
    await expect(quiz.input).toBeEditable();

    // The learner reads the new word and presses Enter on the empty field: its answer, counted as not known.
    const word = await page.locator('.quiz-prompt strong').textContent();
    await page.clock.runFor(1_000);
    await page.keyboard.press('Enter');
    await expect(quiz.feedback).toContainText('The answer:');
    await expect(quiz.input).not.toBeEditable();
    // And Enter again moves on from it at once.
    await page.keyboard.press('Enter');
    const after = await quiz.nextPrompt(prompt);
    await expect(page.locator('.quiz-last-answer')).toContainText(`Last answer: ${word}, not known — right answer:`);
    expect(after).not.toBe(prompt);
    await expect(quiz.score).toHaveText('Score: 2');
  });
}

test('the reviews: Enter ends the pause at once, and an empty Enter on a word seen before is nothing', async ({
  page,
  app,
}) => {
  await signUpAndLogIn(page, 'enter-reviewer');
  await addLanguage(page, 'spanish');
  // Three words answered a while ago, due again three days on.
  const words = (await recallWords(page, 'spanish')).slice(0, 3);
  for (const word of words) {
    const res = await page.request.patch(`/api/spanish/${word._id}`, {
      data: { verdict: 'correct', typed: word.word, direction: 'recall' },
    });
    expect(res.ok()).toBe(true);
  }
  await app.moveClock(3 * DAY_MS);
  await page.clock.install();
  for (const url of ['/spanish/up-for-review?direction=recall', '/review/generic/spanish?direction=recall']) {
    await page.goto(url);
    const quiz = quizOf(page);
    const prompt = await quiz.prompt();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await quiz.input.fill(answerTo(prompt, words, 'spanish'));
    await expect(quiz.feedback).toHaveText('Correct!');
    await quiz.input.press('Enter');
    const next = await quiz.nextPrompt(prompt);
    expect(next, `${url}: the next word at once`).not.toBe('');
    await page.clock.runFor(1_000);
    await page.keyboard.press('Enter');
    await expect(quiz.feedback, `${url}: nothing given up`).toHaveText('');
    await expect(quiz.input).toBeEditable();
    await page.clock.resume();
  }
});
