import type { Page } from '@playwright/test';
import { expect, phone, test } from './support/fixtures';
import { addLanguage, answerTo, quizOf, signUpAndLogIn, typeAnswer, wordsOf } from './support/learner';
import { controlledByServiceWorker } from './support/service-worker';

// The installed app: this file lets the service worker run, so that a reload offline opens the page.
test.use({ serviceWorkers: 'allow', ...phone(375, 812) });

/** Answers `count` words right, each once its prompt shows; returns the prompts answered and the one now asked. */
async function answerRight(page: Page, language: string, count: number): Promise<{ answered: string[]; next: string }> {
  const quiz = quizOf(page);
  const words = await wordsOf(page, language);
  const answered: string[] = [];
  let prompt = await quiz.prompt();
  for (let i = 0; i < count; i++) {
    answered.push(prompt);
    await typeAnswer(quiz.input, answerTo(prompt, words, language));
    await quiz.feedback.getByText('Correct!').waitFor();
    prompt = await quiz.nextPrompt(prompt);
  }
  return { answered, next: prompt };
}

test.describe('a quiz reloaded mid-way resumes where it was', () => {
  test('offline: after 3 words, a reload shows word 4 with the score and progress kept', async ({ page }) => {
    await signUpAndLogIn(page, 'reloader');
    await page.goto('/spanish-quiz');
    await controlledByServiceWorker(page);
    await page.goto('/spanish-quiz');
    const quiz = quizOf(page);
    const words = await wordsOf(page, 'spanish');
    const { next } = await answerRight(page, 'spanish', 3);
    const bar = page.getByRole('progressbar', { name: 'Progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '3');
    const total = await bar.getAttribute('aria-valuemax');

    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByRole('main').getByRole('status').first()).toHaveText(
      'You’re offline — your answers will be kept and sent when you’re back online.',
    );
    expect(await quiz.prompt(), 'the fourth word, not the first of a new batch').toBe(next);
    await expect(quiz.score).toHaveText('Score: 3');
    await expect(bar).toHaveAttribute('aria-valuenow', '3');
    await expect(bar).toHaveAttribute('aria-valuemax', total ?? '');
    await expect(quiz.input).toBeFocused();
    if (process.env.RESUME_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.RESUME_SCREENSHOTS}/resumed-offline-375x812.png` });

    // It goes on from there: the fourth word answered offline counts.
    await typeAnswer(quiz.input, answerTo(next, words, 'spanish'));
    await quiz.nextPrompt(next);
    await expect(quiz.score).toHaveText('Score: 4');
    await page.context().setOffline(false);
  });

  test('a reload right after a miss resumes at the next word, the missed one named with its right answer', async ({
    page,
  }) => {
    await signUpAndLogIn(page, 'reloader-miss');
    await page.goto('/spanish-quiz');
    const quiz = quizOf(page);
    const words = await wordsOf(page, 'spanish');
    const missed = await quiz.prompt();
    await typeAnswer(quiz.input, 'zzz');
    await expect(quiz.feedback).toContainText('Incorrect');

    // At once, within the 2-second pause on any but a very slow machine; after it, the line must stay all the same.
    // (Playwright's clock cannot hold the pause: it empties the performance entries that tell a reload.)
    await page.reload();
    expect(await quiz.prompt(), 'the word after the one missed').not.toBe(missed);
    await expect(page.locator('.quiz-last-answer')).toHaveText(
      `Last answer: ${missed} → “zzz”, incorrect — right answer: ${answerTo(missed, words, 'spanish')}`,
    );
    await expect(quiz.score).toHaveText('Score: 0');
    if (process.env.RESUME_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.RESUME_SCREENSHOTS}/resumed-after-miss-375x812.png` });
  });

  test('online: the generic quiz, reloaded after 3 words, shows "word 4 / N" with its score', async ({ page }) => {
    await signUpAndLogIn(page, 'reloader-online');
    await addLanguage(page, 'french');
    await page.goto('/quiz/generic/french');
    const quiz = quizOf(page);
    const { answered, next } = await answerRight(page, 'french', 3);
    const counter = page.locator('.quiz-counter');
    await expect(counter).toHaveText(/^word 4 \/ \d+$/);
    const shown = await counter.textContent();

    await page.reload();
    expect(await quiz.prompt()).toBe(next);
    expect(answered).not.toContain(next);
    await expect(counter).toHaveText(shown ?? '');
    await expect(quiz.score).toHaveText('Score: 3');
    if (process.env.RESUME_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.RESUME_SCREENSHOTS}/resumed-online-375x812.png` });
  });

  test('the secret quiz, reloaded after 3 words, shows word 4 of the same game with its score and progress', async ({
    page,
  }) => {
    await page.goto('/secret-quiz');
    const quiz = quizOf(page);
    const pairs = (await (await page.request.get('/api/secret/words')).json()) as {
      english: string;
      foreign: string;
    }[];
    const secretOf = (english: string) => pairs.find((p) => p.english === english)?.foreign ?? '';
    const answered: string[] = [];
    let prompt = await quiz.prompt();
    for (let i = 0; i < 3; i++) {
      answered.push(prompt);
      await typeAnswer(quiz.input, secretOf(prompt));
      await quiz.feedback.getByText('Correct!').waitFor();
      prompt = await quiz.nextPrompt(prompt);
    }
    const bar = page.getByRole('progressbar', { name: 'Progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '3');
    const total = await bar.getAttribute('aria-valuemax');

    await page.reload();
    expect(await quiz.prompt(), 'the fourth word, not the first of a new game').toBe(prompt);
    expect(answered).not.toContain(prompt);
    await expect(quiz.score).toHaveText('Score: 3');
    await expect(bar).toHaveAttribute('aria-valuenow', '3');
    await expect(bar).toHaveAttribute('aria-valuemax', total ?? '');
    if (process.env.RESUME_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.RESUME_SCREENSHOTS}/resumed-secret-375x812.png` });
  });
});
