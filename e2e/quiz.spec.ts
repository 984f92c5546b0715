import type { Lexicon, Word } from '@vocab/api';
import { meaningKey } from '@vocab/core';
import type { Page } from '@playwright/test';
import { expect, phone, test } from './support/fixtures';
import { addLanguage, answerTo, quizOf, signUpAndLogIn, skipAnswerPause, typeAnswer } from './support/learner';

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
  expect(await quiz.feedback.textContent(), `${url}: the right answer after a wrong one`).toContain(answer.replace(/^[a-z]+ /i, ''));
  expect(await inView(page, '.quiz-feedback'), `${url}: the verdict in view at ${page.viewportSize()?.width}×${page.viewportSize()?.height}`).toBe(true);
  return prompt;
}

test.describe('the quiz a learner trusts', () => {
  test.describe(() => {
    test.use(PHONE_WITH_KEYBOARD);

    test('shows the right answer after a wrong one in every language quiz, in view on a phone with its keyboard open, with no key hints', async ({ page }) => {
      for (const language of ['spanish', 'french', 'german', 'italian', 'portuguese']) {
        await missAndSeeTheAnswer(page, `/${language}-quiz`, language, `/api/${language}?limit=15&unlearned=true`);
        // A touch screen has no Esc or Ctrl+Enter: the buttons say what they do, without key hints.
        await page.getByRole('button', { name: 'Undo' }).waitFor();
        expect(await page.locator('.quiz kbd').count(), `${language}: no key hints on a touch screen`).toBe(0);
      }
    });

    test('moves the Spanish quiz on by itself after a wrong answer, unscored', async ({ page }) => {
      const prompt = await missAndSeeTheAnswer(page, '/spanish-quiz', 'spanish', '/api/spanish?limit=15&unlearned=true');
      const quiz = quizOf(page);
      const next = await quiz.nextPrompt(prompt);
      expect(next).not.toBe(prompt);
      expect(await quiz.score.textContent()).toBe('Score: 0');
    });
  });

  test('shows the answer after a wrong one in the generic quiz and in a review, and keeps the key hints on a desktop', async ({ page, app }) => {
    await signUpAndLogIn(page, 'reviewer');
    await addLanguage(page, 'german');
    await missAndSeeTheAnswer(page, '/quiz/generic/german', 'german', '/api/german?limit=15&unlearned=true');
    expect(await page.locator('.quiz kbd').count()).toBeGreaterThan(0);
    // Answered once, due in about a day: the review asks it again.
    await page.waitForLoadState('networkidle');
    await app.moveClock(3 * 86_400_000);
    await missAndSeeTheAnswer(page, '/german/up-for-review', 'german', '/api/german/for-review');
  });

  for (const viewport of [PHONE_WITH_KEYBOARD, { viewport: { width: 1280, height: 900 }, hasTouch: false, isMobile: false }]) {
    test.describe(() => {
      test.use(viewport);
      test(`takes another word with the prompted meaning as also right, at ${viewport.viewport.width} px`, async ({ page }) => {
        await page.clock.install();
        const batch = await getJson<Word[]>(page, '/api/spanish?limit=15&unlearned=true&direction=recall');
        const { entries } = await getJson<Lexicon>(page, '/api/spanish/lexicon');
        const meanings = (translations: readonly string[]) => new Set(translations.map(meaningKey));
        const pair = batch
          .filter((w) => w.hint !== '')
          .map((w) => ({ asked: w, other: entries.find((e) => e.word !== w.word && e.hint !== '' && e.translations.some((t) => meanings(w.translations).has(meaningKey(t)))) }))
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
        await quiz.feedback.getByText(`Also right — we were looking for ${pair.asked.word}`).waitFor();
        expect(await inView(page, '.quiz-feedback')).toBe(true);
        expect(await quiz.input.getAttribute('aria-invalid')).toBeNull();
        expect(await quiz.score.textContent()).toBe(`Score: ${batch.findIndex((w) => w._id === pair.asked._id)}`);
        const saved = page.waitForResponse((res) => res.request().method() === 'PATCH');
        await quiz.input.fill(pair.asked.word);
        await quiz.feedback.getByText('Correct!').waitFor();
        // The also-right answer was never sent: the one answer saved is the right one.
        expect((await saved).request().postDataJSON()).toMatchObject({ verdict: 'correct', typed: pair.asked.word, direction: 'recall' });
      });
    });
  }
});
