import type { Word } from '@vocab/api';
import type { Page } from '@playwright/test';
import { expect, phone, test } from './support/fixtures';
import { addLanguage, answerTo, quizOf, signUpAndLogIn, typeAnswer, wordsOf } from './support/learner';

/** A phone with its keyboard open: 430 px of the page left in view. */
const PHONE_WITH_KEYBOARD = phone(375, 430);

/** Whether an element lies wholly inside the window, seen without scrolling. */
async function inView(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

test.describe('a walk through the quizzes on a phone', () => {
  test.describe(() => {
    test.use(PHONE_WITH_KEYBOARD);

    test(
      'keeps what is typed after the quiz took the answer, ' +
        'never scrolls the page for it, and shows the next prompt in view',
      async ({ page }) => {
        await page.goto('/french-quiz');
        const quiz = quizOf(page);
        const words = await wordsOf(page, 'french');
        for (let i = 0; i < 3; i++) {
          const prompt = await quiz.prompt();
          const answer = answerTo(prompt, words, 'french');
          await quiz.input.click();
          const scrolled = await page.evaluate(() => window.scrollY);
          // "ne pas" for "ne": the quiz accepts "ne" as it is typed; the rest, a space first, follows at once.
          await page.keyboard.type(`${answer} pas`);
          await quiz.feedback.getByText('Correct!').waitFor();
          expect(await quiz.input.inputValue(), 'nothing typed is lost').toBe(`${answer} pas`);
          expect(await page.evaluate(() => window.scrollY), 'the space did not scroll the page').toBe(scrolled);
          await quiz.nextPrompt(prompt);
          expect(await inView(page, '.quiz-prompt'), `word ${i + 2}: its prompt in view`).toBe(true);
          expect(await inView(page, '.quiz-input'), `word ${i + 2}: the field in view`).toBe(true);
          expect(await quiz.input.evaluate((el) => el === document.activeElement)).toBe(true);
          // What was typed on after the accepted word, past its space, starts the next word's field.
          expect(await quiz.input.inputValue()).toBe('pas');
          await quiz.input.fill('');
        }
      },
    );

    test(
      'moves every quiz on by itself 2 seconds after a miss, ' +
        'and names the right answer again under the next word, in view',
      async ({ page }) => {
        // Six quizzes, each with its 2-second pause: more than the default minute on a busy machine.
        test.slow();
        await signUpAndLogIn(page, 'walker');
        for (const [url, language] of [
          // The Spanish quiz, which waited for the answer to be retyped, behaves as the others.
          ['/spanish-quiz', 'spanish'],
          ['/french-quiz', 'french'],
          ['/german-quiz', 'german'],
          ['/italian-quiz', 'italian'],
          ['/portuguese-quiz', 'portuguese'],
          ['/quiz/generic/french', 'french'],
        ] as const) {
          if (url.startsWith('/quiz/generic')) await addLanguage(page, language);
          await page.goto(url);
          const quiz = quizOf(page);
          const words = await wordsOf(page, language);
          const prompt = await quiz.prompt();
          const word = await page.locator('.quiz-prompt strong').textContent();
          await typeAnswer(quiz.input, 'qwerty');
          await quiz.feedback.getByText(/^Incorrect/).waitFor();
          const missedAt = Date.now();
          // The quiz keeps its pause, then asks the next word without a key or a click…
          await quiz.nextPrompt(prompt);
          expect(Date.now() - missedAt, `${url}: the pause`).toBeGreaterThanOrEqual(1_500);
          expect(
            await page.getByRole('button', { name: 'Continue' }).count(),
            `${url}: nothing to press to go on`,
          ).toBe(0);
          expect(await quiz.feedback.textContent(), `${url}: the verdict is gone with its word`).toBe('');
          // …and the line under the field still says what the right answer was.
          const last = page.locator('.quiz-last-answer');
          await expect(last).toContainText(`Last answer: ${word} → “qwerty”, incorrect — right answer: `);
          // The right answer is the asked word's, with its article where it has one.
          const right = (await last.locator('strong').textContent()) ?? '';
          const expected = answerTo(prompt, words, language);
          expect(
            right === expected || right.endsWith(` ${expected}`) || right.endsWith(`'${expected}`),
            `${url}: "${right}" answers "${prompt}"`,
          ).toBe(true);
          expect(await inView(page, '.quiz-last-answer'), `${url}: the correction in view at 375×430`).toBe(true);
        }
      },
    );

    test('fits the header in a phone\'s width with the streak and "Offline · 1 waiting" together', async ({
      page,
      context,
    }) => {
      await signUpAndLogIn(page, 'commuter');
      await addLanguage(page, 'spanish');
      await page.goto('/spanish-quiz');
      const quiz = quizOf(page);
      const words = await wordsOf(page, 'spanish');
      await page.locator('.streak-badge').waitFor();
      await context.setOffline(true);
      await quiz.input.fill(answerTo(await quiz.prompt(), words, 'spanish'));
      const indicator = page.getByRole('navigation', { name: 'Main' }).locator('.offline-indicator');
      await expect(indicator).toHaveText('Offline · 1 waiting');
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        window: window.innerWidth,
      }));
      expect(widths.page, 'no sideways scrolling').toBeLessThanOrEqual(widths.window);
      const menu = await page.getByRole('button', { name: 'Menu' }).boundingBox();
      expect((menu?.x ?? Infinity) + (menu?.width ?? 0), 'the Menu button on the screen').toBeLessThanOrEqual(375);
      await context.setOffline(false);
    });
  });

  test(
    'on a desktop, the last answer after a miss stands ' + 'right under the answer field, not below an empty gap',
    async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/french-quiz');
      const quiz = quizOf(page);
      const prompt = await quiz.prompt();
      await typeAnswer(quiz.input, 'qwerty');
      await quiz.feedback.getByText(/^Incorrect/).waitFor();
      await quiz.nextPrompt(prompt);
      const field = await page.locator('.quiz-answer').boundingBox();
      const last = await page.locator('.quiz-last-answer').boundingBox();
      const gap = (last?.y ?? Infinity) - ((field?.y ?? 0) + (field?.height ?? 0));
      // The verdict's room, empty now, used to leave about 60 px between them.
      expect(gap, 'space between the field and the last answer').toBeLessThanOrEqual(20);
    },
  );

  test('German nouns: a missing article and a wrong one are graded alike, and the article is always shown', async ({
    page,
  }) => {
    await signUpAndLogIn(page, 'gender');
    // Past the German words that have no article (pronouns, verbs…): the first noun of the deck comes next.
    const ahead = await page.request.get('/api/german?limit=100&unlearned=true');
    const batch = (await ahead.json()) as Word[];
    const firstNoun = batch.findIndex((w) => w.article);
    for (const word of batch.slice(0, firstNoun)) {
      const res = await page.request.patch(`/api/german/${word._id}`, { data: { verdict: 'correct' } });
      expect(res.ok()).toBe(true);
    }
    const words = await wordsOf(page, 'german');
    const noun = words[0] as Word;
    expect(noun.article).not.toBe('');

    await page.goto('/german-quiz');
    const quiz = quizOf(page);
    const prompt = await quiz.prompt();
    expect(answerTo(prompt, words, 'german')).toBe(noun.word);
    const shown = `${noun.article} ${noun.word}`;
    // Left out: not "Correct!", and the gender is shown.
    await typeAnswer(quiz.input, noun.word);
    await expect(quiz.feedback).toHaveText(`Almost — mind the article: ${shown}`);
    // Taken back and typed with another article: the same verdict.
    await page.getByRole('button', { name: /^Undo/ }).click();
    const other = ['der', 'die', 'das'].find((a) => a !== noun.article) ?? 'der';
    await typeAnswer(quiz.input, `${other} ${noun.word}`);
    await expect(quiz.feedback).toHaveText(`Almost — mind the article: ${shown}`);
    // With the right article it is simply right.
    await page.getByRole('button', { name: /^Undo/ }).click();
    await quiz.input.fill(shown);
    await expect(quiz.feedback).toHaveText('Correct!');
  });
});
