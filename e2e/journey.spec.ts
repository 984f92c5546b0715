import type { LanguageCard, SecretEntry, Word } from '@vocab/api';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  PASSWORD,
  addLanguage,
  answerTo,
  quizOf,
  signUpAndLogIn,
  skipAnswerPause,
  typeAnswer,
  wordsOf,
} from './support/learner';

const DAY_MS = 86_400_000;

/** The columns of the landing card grid: cards in the first row share its top edge. */
async function gridColumns(page: Page): Promise<number> {
  const tops = await page
    .locator('.language-deck > li')
    .evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
  return tops.filter((top) => top === tops[0]).length;
}

/** Whether the page is wider than the window (a learner would have to scroll sideways). */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** The learned count a language home shows: "Total: 1,234 words, 2 learned". */
async function learnedCount(page: Page): Promise<number> {
  const line = page.getByText(/^Total: [\d,]+ words, [\d,]+ learned$/);
  await line.waitFor();
  const match = /, ([\d,]+) learned$/.exec((await line.textContent()) ?? '');
  return Number((match?.[1] ?? 'NaN').replaceAll(',', ''));
}

/** Waits until the server has stored an answer the screen sent in the background. */
const answerSaved = (page: Page) => page.waitForResponse((res) => res.request().method() === 'PATCH' && res.ok());

/** Answers the Spanish quiz's first word right, and waits until the server has it. */
async function learnFirstSpanishWord(page: Page): Promise<{ first: string; words: Word[] }> {
  await page.goto('/spanish-quiz');
  const quiz = quizOf(page);
  const first = await quiz.prompt();
  const words = await wordsOf(page, 'spanish');
  const saved = answerSaved(page);
  await quiz.input.fill(answerTo(first, words, 'spanish'));
  await quiz.feedback.getByText('Correct!').waitFor();
  await saved;
  return { first, words };
}

test.describe("a learner's journey", () => {
  // The whole journey runs at 1280 px below; at each width the layout and the first steps are checked.
  for (const [width, columns] of [
    [375, 1],
    [800, 2],
    [1280, 4],
  ] as const) {
    test.describe(() => {
      test.use({ viewport: { width, height: 900 } });
      test(`at ${width} px: landing cards in ${columns} column(s), then a language home and its quiz`, async ({
        page,
      }) => {
        await page.goto('/');
        await page.getByRole('heading', { name: 'Hello and welcome...' }).waitFor();
        await page.getByText('I want to learn vocabulary for:').waitFor();
        const spanishCard = page.getByRole('link', { name: /^Spanish/ });
        await spanishCard.waitFor();
        expect(await page.locator('.language-deck > li').count()).toBe(6);
        expect(await gridColumns(page)).toBe(columns);
        expect(await overflowsSideways(page)).toBe(false);

        await spanishCard.click();
        await page.waitForURL('**/spanish');
        expect(await learnedCount(page)).toBe(0);
        await page.getByText('Up for review: 0 words').waitFor();
        expect(await overflowsSideways(page)).toBe(false);

        await page.getByRole('link', { name: 'Practice vocab' }).click();
        await page.waitForURL('**/spanish-quiz');
        const quiz = quizOf(page);
        const prompt = await quiz.prompt();
        expect(await overflowsSideways(page)).toBe(false);
        await quiz.input.fill(answerTo(prompt, await wordsOf(page, 'spanish'), 'spanish'));
        await quiz.feedback.getByText('Correct!').waitFor();
        expect(await overflowsSideways(page)).toBe(false);
      });
    });
  }

  test.describe(() => {
    test.use({ viewport: { width: 375, height: 900 } });
    test('scrolls to the top on a route change', async ({ page }) => {
      await page.goto('/');
      const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Languages offered' });
      await page.getByRole('link', { name: /Portuguese/ }).waitFor();
      await footerLink.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await footerLink.click();
      await page.getByRole('heading', { name: 'Languages offered' }).waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
  });

  test('shows each language card with its real word count, and Swedish as coming soon', async ({ page }) => {
    const cards = (await (await page.request.get('/api/languages')).json()) as LanguageCard[];
    await page.goto('/');
    for (const card of cards) {
      const shown = page
        .locator('.language-deck > li')
        .filter({ has: page.getByRole('heading', { name: card.language }) });
      // A language still being prepared reads as coming, without a word count.
      if (card.isActive) await shown.getByText(`${card.totalWords.toLocaleString('en')} words`).waitFor();
      else await shown.getByText('Coming soon...').waitFor();
    }
    expect(cards.filter((c) => !c.isActive).map((c) => c.language)).toEqual(['Swedish']);
    await page.goto('/languages-offered');
    await page.getByRole('link', { name: /Spanish/ }).waitFor();
    expect(await page.locator('.language-deck > li').count()).toBe(cards.length);
  });

  test(
    'practises Spanish: "Correct!" locks the answer, ' +
      'the next word and the score come 2 seconds later; a wrong answer shows the right one',
    async ({ page }) => {
      // The page's clock is Playwright's, so the 2-second pause is checked exactly rather than raced.
      await page.clock.install();
      await page.goto('/spanish/up-for-review');
      await page.getByText('No words to translate at this time').waitFor();

      await page.goto('/spanish-quiz');
      const quiz = quizOf(page);
      const first = await quiz.prompt();
      const words = await wordsOf(page, 'spanish');
      await page.getByRole('progressbar', { name: 'Progress' }).and(page.locator('[aria-valuenow="0"]')).waitFor();
      expect(await quiz.score.textContent()).toBe('Score: 0');

      const saved = answerSaved(page);
      await page.clock.pauseAt(Date.now() + 1_000);
      await quiz.input.fill(answerTo(first, words, 'spanish'));
      await quiz.feedback.getByText('Correct!').waitFor();
      await saved;
      expect(await quiz.input.getAttribute('readonly')).not.toBeNull();
      await page.clock.runFor(1_900);
      expect(await quiz.prompt()).toBe(first);
      expect(await quiz.score.textContent()).toBe('Score: 0');
      await page.clock.runFor(200);
      const second = await quiz.nextPrompt(first);
      expect(await quiz.score.textContent()).toBe('Score: 1');
      expect(await quiz.input.inputValue()).toBe('');
      expect(await quiz.input.getAttribute('readonly')).toBeNull();
      await page.clock.resume();

      // Input is lower-cased as it is typed.
      await quiz.input.fill('ZZ');
      expect(await quiz.input.inputValue()).toBe('zz');
      // After a wrong answer the Spanish quiz shows the right one for the pause, then goes on unscored.
      const wrongSaved = answerSaved(page);
      await typeAnswer(quiz.input, 'zzzz');
      await quiz.feedback.getByText(`Incorrect. ${answerTo(second, words, 'spanish')}`).waitFor();
      await wrongSaved;
      expect(await quiz.prompt()).toBe(second);
      expect(await quiz.input.getAttribute('readonly')).not.toBeNull();
      expect(await quiz.score.textContent()).toBe('Score: 1');
      await quiz.nextPrompt(second);
      expect(await quiz.score.textContent()).toBe('Score: 1');
    },
  );

  test('brings the words practised back for review once they are due', async ({ page, app }) => {
    const { first, words } = await learnFirstSpanishWord(page);
    const quiz = quizOf(page);

    await page.goto('/spanish');
    expect(await learnedCount(page)).toBe(1);
    await page.getByText('Up for review: 0 words').waitFor();

    // Ten days on (sessions last 30 idle days), the word is due.
    await app.moveClock(10 * DAY_MS);
    await page.reload();
    await page.getByText('Up for review: 1 word').waitFor();
    await page.getByRole('link', { name: 'Review words' }).click();
    await page.waitForURL('**/spanish/up-for-review');
    expect(await quiz.prompt()).toBe(first);
    await page.getByText('1 / 1').waitFor();
    await quiz.input.fill(answerTo(first, words, 'spanish'));
    await quiz.feedback.getByText('Correct!').waitFor();
    await page.getByRole('heading', { name: 'Quiz over' }).waitFor();
    await page.getByText('You got 1 / 1 correct').waitFor();
    // A visitor's progress lives in this browser: the end says how to keep it, and leads there.
    const nudge = page.getByText('to keep your progress on any device');
    await expect(nudge).toBeVisible();
    await nudge.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL('**/signup');
  });

  test('forgives a missing accent in the Portuguese quiz, and moves on after a wrong answer', async ({ page }) => {
    await page.clock.install();
    await page.goto('/portuguese-quiz');
    const quiz = quizOf(page);
    let prompt = await quiz.prompt();
    const words = await wordsOf(page, 'portuguese');
    expect(await page.getByRole('textbox', { name: 'Answer in Portuguese' }).count()).toBe(1);

    // Answered right until a word with an accent comes up (the deck's second word, "não").
    for (let answered = 0; ; answered += 1) {
      const answer = answerTo(prompt, words, 'portuguese');
      if (answer.normalize('NFD') !== answer) {
        await typeAnswer(quiz.input, answer.normalize('NFD').replace(/\p{M}/gu, ''));
        await quiz.feedback.getByText('Almost — mind the tilde:').waitFor();
        expect(await quiz.feedback.textContent()).toContain(answer);
        break;
      }
      expect(answered, 'a word with an accent among the first five').toBeLessThan(5);
      await quiz.input.fill(answer);
      await quiz.feedback.getByText('Correct!').waitFor();
      await skipAnswerPause(page);
      prompt = await quiz.nextPrompt(prompt);
    }
    const score = Number(/\d+/.exec((await quiz.score.textContent()) ?? '')?.[0]);
    await skipAnswerPause(page);
    prompt = await quiz.nextPrompt(prompt);
    expect(await quiz.score.textContent()).toBe(`Score: ${score + 1}`);

    // "Incorrect", then the next word without scoring.
    await typeAnswer(quiz.input, 'zzzz');
    await quiz.feedback.getByText('Incorrect').waitFor();
    expect(await quiz.input.getAttribute('readonly')).not.toBeNull();
    await skipAnswerPause(page);
    await quiz.nextPrompt(prompt);
    expect(await quiz.score.textContent()).toBe(`Score: ${score + 1}`);
  });

  test('lets a visitor add a word to Italian, and refuses the same word twice', async ({ page }) => {
    await page.goto('/italian');
    expect(await page.getByRole('link', { name: 'Review words' }).getAttribute('href')).toBe('/italian/up-for-review');
    await page.getByRole('link', { name: 'Add words' }).click();
    await page.waitForURL('**/italian-add-words');
    const add = page.getByRole('button', { name: 'Add word' });
    expect(await add.isDisabled()).toBe(true);
    await page.getByLabel('Italian word').fill('zanzarina');
    expect(await add.isDisabled()).toBe(true);
    await page.getByLabel('English translation').fill('little mosquito');
    await add.click();
    await page.getByText('✔ “zanzarina” added to your Italian words.').waitFor();

    // No browser alert: the form says it under the word and keeps what was typed.
    page.once(
      'dialog',
      (dialog) =>
        void dialog.dismiss().then(() => {
          throw new Error(`unexpected dialog: ${dialog.message()}`);
        }),
    );
    await page.getByLabel('Italian word').fill('zanzarina');
    await page.getByLabel('English translation').fill('gnat');
    await add.click();
    await expect(page.getByRole('alert')).toHaveText(
      '“zanzarina” is already in your Italian words. Check the spelling, or add another word.',
    );
    expect(await page.getByLabel('Italian word').inputValue()).toBe('zanzarina');
    expect(await page.getByLabel('English translation').inputValue()).toBe('gnat');
  });

  test('adds a language to an account and plays its quiz to "Quiz over", the missed word coming back first', async ({
    page,
  }) => {
    await page.clock.install();
    await signUpAndLogIn(page, 'polyglot');
    await page.goto('/user-home');
    await page.getByText('No languages added yet').waitFor();
    await page.getByRole('link', { name: 'Add a language' }).click();
    await page.waitForURL('**/add-language');
    await page.getByRole('button', { name: 'Add French' }).click();
    await page
      .locator('li')
      .filter({ has: page.getByRole('heading', { name: 'French' }) })
      .getByText('✔ Added')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Add French' }).count()).toBe(0);

    await page.goto('/user-home');
    await page.getByRole('link', { name: /French/ }).click();
    await page.waitForURL('**/generic/french');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Your languages' }).waitFor();
    await page.getByText('Words learned: 0%').waitFor();
    await page.getByRole('link', { name: 'Review words' }).click();
    await page.getByText('No words to review at this time').waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'Learn new words' }).click();
    await page.waitForURL('**/quiz/generic/french');

    const quiz = quizOf(page);
    let prompt = await quiz.prompt();
    const words = await wordsOf(page, 'french');
    await page.getByText(`word 1 / ${words.length}`).waitFor();
    const missed = prompt;
    await typeAnswer(quiz.input, 'zzzz');
    await quiz.feedback.getByText('Incorrect.').waitFor();
    // The answer is revealed (with its article, for a noun).
    expect(await quiz.feedback.textContent()).toContain(answerTo(missed, words, 'french'));
    for (let i = 2; i <= words.length; i += 1) {
      await skipAnswerPause(page);
      prompt = await quiz.nextPrompt(prompt);
      await page.getByText(`word ${i} / ${words.length}`).waitFor();
      await quiz.input.fill(answerTo(prompt, words, 'french'));
      await quiz.feedback.getByText(/^Correct/).waitFor();
    }
    // The wrong words are asked again, alone, until none is wrong.
    await skipAnswerPause(page);
    prompt = await quiz.nextPrompt(prompt);
    expect(prompt).toBe(missed);
    await page.getByText('word 1 / 1').waitFor();
    await quiz.input.fill(answerTo(prompt, words, 'french'));
    await skipAnswerPause(page);
    await page.getByRole('heading', { name: 'Quiz over' }).waitFor();

    await page.getByRole('button', { name: 'Learn 15 more words' }).click();
    const next = await quiz.prompt();
    await page.getByText('word 1 / 15').waitFor();
    expect(words.map((w) => w.word)).not.toContain(answerTo(next, await wordsOf(page, 'french'), 'french'));

    // Learned: the words right at the first try; the missed one was only practised in the second round.
    await page.goto('/user-home');
    await page.getByText(new RegExp(`^${words.length - 1} / [\\d,]+ words`)).waitFor();
  });

  test("keeps a guest's progress through signup and login", async ({ page }) => {
    await learnFirstSpanishWord(page);
    await page.goto('/spanish');
    expect(await learnedCount(page)).toBe(1);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Signup' }).click();
    await page.getByLabel('Username').fill('guest-turned-member');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    // Signing up logs the new account in, with the guest's progress.
    await page.getByRole('link', { name: 'Go to your languages' }).click();
    await page.waitForURL('**/user-home');
    await page.goto('/spanish');
    expect(await learnedCount(page)).toBe(1);

    // And logging in again on a fresh browser finds it there.
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByLabel('Username').fill('guest-turned-member');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/user-home');
    await page.goto('/spanish');
    expect(await learnedCount(page)).toBe(1);
  });

  test('plays the secret language: its word table, its quiz and its translator', async ({ page }) => {
    await page.clock.install();
    const entries = (await (await page.request.get('/api/secret/words')).json()) as SecretEntry[];
    await page.goto('/secret');
    await page.getByRole('link', { name: 'All secret language words' }).click();
    for (const column of ['#', 'English', 'Secret'])
      await page.getByRole('columnheader', { name: column, exact: true }).waitFor();
    expect(await page.getByRole('row').count()).toBe(entries.length + 1);

    await page.goto('/secret');
    await page.getByRole('link', { name: 'Secret quiz' }).click();
    const quiz = quizOf(page);
    let prompt = await quiz.prompt();
    await page.getByText('0 / 70').waitFor();
    const foreignOf = (english: string) => entries.find((e) => e.english === english)?.foreign ?? '';
    await quiz.input.fill(foreignOf(prompt));
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await quiz.feedback.getByText('Correct!').waitFor();
    await skipAnswerPause(page);
    prompt = await quiz.nextPrompt(prompt);
    expect(await quiz.score.textContent()).toBe('Score: 1');
    await quiz.input.fill('zzzz');
    await quiz.input.press('Enter');
    await quiz.feedback.getByText('Incorrect.').waitFor();
    await skipAnswerPause(page);
    await quiz.nextPrompt(prompt);
    expect(await quiz.score.textContent()).toBe('Score: 1');
    await page.getByText('2 / 70').waitFor();

    const entry = entries.find((e) => /^[a-z]+$/.test(e.english) && /^[a-z]+$/.test(e.foreign));
    if (!entry) throw new Error('the secret list has no one-word entry');
    await page.goto('/secret-translator');
    await page.getByLabel('English', { exact: true }).fill(entry.english);
    await page.getByRole('button', { name: 'Translate' }).click();
    expect(await page.getByLabel('Secret', { exact: true }).inputValue()).toBe(entry.foreign);

    await page.getByLabel('Secret → English').check();
    await page.getByLabel('Secret', { exact: true }).fill(`${entry.foreign} qqqq`);
    await page.getByRole('button', { name: 'Translate' }).click();
    expect(await page.getByLabel('English', { exact: true }).inputValue()).toBe(`${entry.english} qqqq`);
    await page.getByText('Not in the secret word list, so kept as typed: qqqq.').waitFor();
  });

  test('sends a contact message that is stored without any mail server', async ({ page, app }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    const submit = page.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Name').fill('Ana');
    await page.getByLabel('Email').fill('ana@example.org');
    await page.getByLabel('Message').fill('Muchas gracias por las palabras');
    await submit.click();
    await page.getByRole('status').getByText('Message submitted').waitFor();
    expect(await app.rows('select name, email, message from contact_messages')).toEqual([
      { name: 'Ana', email: 'ana@example.org', message: 'Muchas gracias por las palabras' },
    ]);
  });

  test('answers an unknown address with "Error 404 Page Not Found" and a way home', async ({ page }) => {
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Error 404 Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Hello and welcome...' }).waitFor();
  });

  test('logs an account out from the menu to the landing page', async ({ page }) => {
    await signUpAndLogIn(page, 'leaver');
    await addLanguage(page, 'german');
    await page.goto('/user-home');
    await page.getByRole('link', { name: /German/ }).waitFor();
    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await page.goto('/user-home');
    await page.waitForURL((url) => url.pathname === '/login');
  });
});
