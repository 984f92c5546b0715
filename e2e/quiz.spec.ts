import type { Lexicon, Word } from '@vocab/api';
import { meaningKey } from '@vocab/core';
import type { Page } from '@playwright/test';
import { expect, phone, test } from './support/fixtures';
import { addLanguage, answerTo, quizOf, signUpAndLogIn, skipAnswerPause, typeAnswer, wordsOf } from './support/learner';

/** A phone with its keyboard open: 430 px of the page left in view. */
const PHONE_WITH_KEYBOARD = phone(375, 430);

async function getJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  if (!res.ok()) throw new Error(`GET ${url} failed: ${res.status()}`);
  return (await res.json()) as T;
}

/** Whether an element lies wholly inside the window: seen without scrolling, with a phone's keyboard open. */
async function inView(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

/** Answers wrong, then checks that the right answer shows, in view. */
async function missAndSeeTheAnswer(page: Page, url: string, language: string, batchUrl: string): Promise<string> {
  await page.goto(url);
  const quiz = quizOf(page);
  const prompt = await quiz.prompt();
  const words = await getJson<Word[]>(page, batchUrl);
  await typeAnswer(quiz.input, 'zzzz');
  await quiz.feedback.getByText(/^Incorrect/).waitFor();
  const answer = answerTo(prompt, words, language);
  expect(await quiz.feedback.textContent(), `${url}: the right answer after a wrong one`).toContain(
    answer.replace(/^[a-z]+ /i, ''),
  );
  expect(
    await inView(page, '.quiz-feedback'),
    `${url}: the verdict in view at ${page.viewportSize()?.width}×${page.viewportSize()?.height}`,
  ).toBe(true);
  return prompt;
}

test.describe('the quiz a learner trusts', () => {
  test.describe(() => {
    test.use(PHONE_WITH_KEYBOARD);

    test(
      'shows the right answer after a wrong one in every language quiz, ' +
        'in view on a phone with its keyboard open, with no key hints',
      async ({ page }) => {
        for (const language of ['spanish', 'french', 'german', 'italian', 'portuguese']) {
          await missAndSeeTheAnswer(page, `/${language}-quiz`, language, `/api/${language}?limit=15&unlearned=true`);
          // A touch screen has no Esc or Ctrl+Enter: the buttons say what they do, without key hints.
          await page.getByRole('button', { name: 'Undo' }).waitFor();
          expect(await page.locator('.quiz kbd').count(), `${language}: no key hints on a touch screen`).toBe(0);
        }
      },
    );

    test('moves the Spanish quiz on by itself after a wrong answer, unscored', async ({ page }) => {
      const prompt = await missAndSeeTheAnswer(
        page,
        '/spanish-quiz',
        'spanish',
        '/api/spanish?limit=15&unlearned=true',
      );
      const quiz = quizOf(page);
      const next = await quiz.nextPrompt(prompt);
      expect(next).not.toBe(prompt);
      expect(await quiz.score.textContent()).toBe('Score: 0');
    });
  });

  test(
    'shows the answer after a wrong one in the generic quiz and in a review, ' + 'and keeps the key hints on a desktop',
    async ({ page, app }) => {
      await signUpAndLogIn(page, 'reviewer');
      await addLanguage(page, 'german');
      await missAndSeeTheAnswer(page, '/quiz/generic/german', 'german', '/api/german?limit=15&unlearned=true');
      expect(await page.locator('.quiz kbd').count()).toBeGreaterThan(0);
      // Answered once, due in about a day: the review asks it again.
      await page.waitForLoadState('networkidle');
      await app.moveClock(3 * 86_400_000);
      await missAndSeeTheAnswer(page, '/german/up-for-review', 'german', '/api/german/for-review');
    },
  );

  for (const viewport of [
    PHONE_WITH_KEYBOARD,
    { viewport: { width: 1280, height: 900 }, hasTouch: false, isMobile: false },
  ]) {
    test.describe(() => {
      test.use(viewport);
      test(`takes another word with the prompted meaning as also right, at ${viewport.viewport.width} px`, async ({
        page,
      }) => {
        await page.clock.install();
        const batch = await getJson<Word[]>(page, '/api/spanish?limit=15&unlearned=true&direction=recall');
        const { entries } = await getJson<Lexicon>(page, '/api/spanish/lexicon');
        const meanings = (translations: readonly string[]) => new Set(translations.map(meaningKey));
        const pair = batch
          .filter((w) => w.hint !== '')
          .map((w) => ({
            asked: w,
            other: entries.find(
              (e) =>
                e.word !== w.word &&
                e.hint !== '' &&
                e.translations.some((t) => meanings(w.translations).has(meaningKey(t))),
            ),
          }))
          .find((p) => p.other);
        if (!pair?.other) throw new Error('no hinted word with a partner among the first Spanish words');

        await page.goto('/spanish-quiz?direction=recall');
        const quiz = quizOf(page);
        let prompt = await quiz.prompt();
        while (prompt !== `${pair.asked.translations.join('; ')} (${pair.asked.hint})`) {
          await quiz.input.fill(answerTo(prompt, batch, 'spanish'));
          await quiz.feedback.getByText(/^Correct/).waitFor();
          await skipAnswerPause(page);
          prompt = await quiz.nextPrompt(prompt);
        }
        // The prompt says which of the words sharing its English it wants.
        expect(await page.locator('.quiz-prompt').textContent()).toContain(`(${pair.asked.hint})`);
        await typeAnswer(quiz.input, pair.other.word);
        await quiz.feedback
          .getByText(`“${pair.other.word}” means that too, but we were looking for ${pair.asked.word}`)
          .waitFor();
        expect(await inView(page, '.quiz-feedback')).toBe(true);
        expect(await quiz.input.getAttribute('aria-invalid')).toBeNull();
        expect(await quiz.score.textContent()).toBe(`Score: ${batch.findIndex((w) => w._id === pair.asked._id)}`);
        const saved = page.waitForResponse((res) => res.request().method() === 'PATCH');
        await quiz.input.fill(pair.asked.word);
        await quiz.feedback.getByText('Correct!').waitFor();
        // The also-right answer was never sent: the one answer saved is the right one.
        expect((await saved).request().postDataJSON()).toMatchObject({
          verdict: 'correct',
          typed: pair.asked.word,
          direction: 'recall',
        });
      });
    });
  }
});

test(
  'typing straight on after an early accept: ' + 'the next answer lands in the next field, and Enter skips the pause',
  async ({ page }) => {
    await signUpAndLogIn(page, 'typing-on');
    await page.goto('/spanish-quiz');
    const quiz = quizOf(page);
    const words = await wordsOf(page, 'spanish');
    // "no" means "no; not": typing "not", the quiz takes "no" on the keystroke.
    let prompt = await quiz.prompt();
    while (prompt !== 'no') {
      await typeAnswer(quiz.input, answerTo(prompt, words, 'spanish'));
      await quiz.feedback.getByText('Correct!').waitFor();
      prompt = await quiz.nextPrompt(prompt);
    }
    await expect(quiz.score).toHaveText(/^Score: \d+$/);
    const scoreBefore = Number((await quiz.score.textContent())?.replace('Score: ', ''));
    // The word after "no", in the order the quiz keeps for a reload.
    const next = await page.evaluate(() => {
      const run = JSON.parse(sessionStorage.getItem('vocab-quiz-run:/spanish-quiz') ?? '{}') as {
        progress: { items: string[]; index: number };
      };
      return run.progress.items[run.progress.index + 1];
    });
    const nextWord = words.find((w) => w._id === next);
    if (!nextWord) throw new Error('the next word is not in the batch');
    const nextAnswer = answerTo(nextWord.word, [nextWord], 'spanish');

    await quiz.input.pressSequentially(`not ${nextAnswer}`);
    await quiz.input.press('Enter');
    // The next word, with what was typed for it in its field, taken.
    await expect(page.locator('.quiz-prompt strong')).not.toHaveText('no');
    await expect(quiz.input).toHaveValue(nextAnswer);
    await expect(quiz.feedback).toHaveText('Correct!');
    await expect(page.locator('.quiz-last-answer')).toHaveCount(0);
    await quiz.nextPrompt(await quiz.prompt());
    await expect(quiz.score).toHaveText(`Score: ${scoreBefore + 2}`);
  },
);

test('"Learn new words" in French: "I don\'t know" shows a word never seen and counts it as not known', async ({
  page,
  app,
}) => {
  await signUpAndLogIn(page, 'never-seen');
  await addLanguage(page, 'french');
  await page.goto('/generic/french');
  await page.getByRole('link', { name: 'Learn new words' }).click();
  const quiz = quizOf(page);
  const words = await wordsOf(page, 'french');
  const prompt = await quiz.prompt();
  const answer = answerTo(prompt, words, 'french');
  // The word asked, without what tells it from another of the same English.
  const word = await page.locator('.quiz-prompt strong').textContent();
  await page.getByRole('button', { name: "I don't know" }).click();
  // The word with its article where French gives one ("la maison" for "maison").
  await expect(quiz.feedback).toContainText('The answer: ');
  await expect(quiz.feedback).toContainText(answer);
  // Nothing was typed that could have been right.
  await expect(page.getByRole('button', { name: 'I was right' })).toHaveCount(0);
  await quiz.nextPrompt(prompt);
  const last = page.locator('.quiz-last-answer');
  await expect(last).toContainText(`Last answer: ${word}, not known — right answer: `);
  await expect(last).toContainText(answer);
  await expect(quiz.score).toHaveText('Score: 0');
  await expect(quiz.input).toBeFocused();
  await expect
    .poll(async () =>
      app.rows<{ verdict: string }>(
        "select r.verdict from reviews r join users u on u.id = r.learner_id where u.username = 'never-seen'",
      ),
    )
    .toEqual([{ verdict: 'wrong' }]);
});
