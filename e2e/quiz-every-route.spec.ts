import type { Word } from '@vocab/api';
import type { Page } from '@playwright/test';
import type { RunningApp } from './support/app';
import { expect, test } from './support/fixtures';
import { PASSWORD, addLanguage, answerTo, quizOf, typeAnswer, wordsOf } from './support/learner';
import { controlledByServiceWorker } from './support/service-worker';

// The installed app: a reload offline opens the page from the service worker.
test.use({ serviceWorkers: 'allow' });

/**
 * Every route that starts a quiz of new words, and the reviews (a language's own and the account's): each must
 * resume, work offline and survive an ended session alike.
 */
const ROUTES = [
  { url: '/spanish-quiz', language: 'spanish', review: false },
  { url: '/french-quiz', language: 'french', review: false },
  ...['spanish', 'french', 'german', 'italian', 'portuguese'].map((language) => ({
    url: `/quiz/generic/${language}`,
    language,
    review: false,
  })),
  // Last: they move the server's clock on a day, so that the words they miss first are due.
  { url: '/spanish/up-for-review', language: 'spanish', review: true },
  { url: '/review/generic/french', language: 'french', review: true },
];

const DAY_MS = 86_400_000;

/** Words due for review: eight of the next ones missed through the API, due again once the server's day has passed. */
async function makeDue(page: Page, app: RunningApp, language: string): Promise<Word[]> {
  for (const word of (await wordsOf(page, language)).slice(0, 8)) {
    const res = await page.request.patch(`/api/${language}/${word._id}`, { data: { verdict: 'wrong', typed: 'x' } });
    expect(res.ok()).toBe(true);
  }
  await app.moveClock(DAY_MS);
  const due = await page.request.get(`/api/${language}/for-review`);
  const words = (await due.json()) as Word[];
  expect(words.length).toBeGreaterThanOrEqual(8);
  return words;
}

/** Logs in through the form, as a learner does, with the service worker already in control of the page. */
async function logInThroughTheForm(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

for (const { url, language, review } of ROUTES) {
  test(`${url}: resumes after a reload, online and offline, and after a session ended elsewhere`, async ({
    page,
    app,
    playwright,
  }) => {
    test.slow();
    const username = `every-${url.replaceAll('/', '-').replace(/^-/, '')}`;
    expect((await page.request.post('/api/auth/signup', { data: { username, password: PASSWORD } })).ok()).toBe(true);
    await page.request.get('/api/auth/logout');
    await page.goto('/login');
    await controlledByServiceWorker(page);
    await logInThroughTheForm(page, username);
    await page.waitForURL('**/user-home');
    await addLanguage(page, language);

    const words = review ? await makeDue(page, app, language) : await wordsOf(page, language);
    await page.goto(url);
    const quiz = quizOf(page);
    const answer = async (count: number) => {
      let prompt = await quiz.prompt();
      for (let i = 0; i < count; i++) {
        await typeAnswer(quiz.input, answerTo(prompt, words, language));
        await quiz.feedback.getByText('Correct!').waitFor();
        prompt = await quiz.nextPrompt(prompt);
      }
      return prompt;
    };
    const header = page.getByRole('banner');
    const count = async () =>
      (
        await app.rows(
          `select r.id from reviews r join users u on u.id = r.learner_id where u.username = '${username}'`,
        )
      ).length;
    // The answers this quiz saved, after those that made the review's words due.
    const before = await count();
    const saved = async () => (await count()) - before;

    // Online: answer one, reload, the same word is asked with the score kept.
    let next = await answer(1);
    await page.reload();
    expect(await quiz.prompt(), 'online reload').toBe(next);
    await expect(quiz.score).toHaveText('Score: 1');

    // Offline: two more, reload, the quiz stays (no login page) with the answers waiting.
    await page.context().setOffline(true);
    next = await answer(2);
    await page.reload();
    expect(page.url(), 'offline reload stays on the quiz').toMatch(new RegExp(`${url}$`));
    expect(await quiz.prompt(), 'offline reload').toBe(next);
    await expect(quiz.score).toHaveText('Score: 3');
    await expect(header.getByRole('status')).toHaveText('Offline · 2 waiting');
    // Back online, they are sent without a reload, and the header knows the learner.
    await page.context().setOffline(false);
    await expect(page.getByRole('main').getByRole('status').first()).toHaveText(
      '2 answers saved — you’re all caught up.',
    );
    await expect(header.getByRole('button', { name: 'My account' })).toBeVisible();
    await expect.poll(saved).toBe(3);

    // The session is ended from another browser: the quiz says why, and logging in returns to it, where it was.
    const elsewhere = await playwright.request.newContext({ baseURL: app.url });
    expect((await elsewhere.post('/api/auth/login', { data: { username, password: PASSWORD } })).ok()).toBe(true);
    expect((await elsewhere.post('/api/auth/logout-everywhere')).ok()).toBe(true);
    await elsewhere.dispose();
    next = await answer(1);
    const notice = page.getByRole('alert').filter({ hasText: 'You were logged out — log in to keep saving.' });
    await expect(notice).toContainText('1 answer kept on this device will be sent as yours once you log in.');
    await expect(quiz.score).toHaveText('Score: 4');
    await notice.getByRole('link', { name: 'Log in' }).click();
    await logInThroughTheForm(page, username);
    await page.waitForURL(`**${url}`);
    expect(await quiz.prompt(), 'back in the quiz after logging in').toBe(next);
    await expect(quiz.score).toHaveText('Score: 4');
    await expect.poll(saved).toBe(4);
  });
}
