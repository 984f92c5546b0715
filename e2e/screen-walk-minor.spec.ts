import type { Word } from '@vocab/api';
import type { Page } from '@playwright/test';
import { expect, phone, test } from './support/fixtures';
import { addLanguage, answerTo, quizOf, signUpAndLogIn, skipAnswerPause, typeAnswer, wordsOf } from './support/learner';

/**
 * The minor items of "What a learner met on a walk through every screen", each at the width where it showed, and
 * the deck's levels on a language's home ("Decks that last a year").
 */

/** Answers the language's first `count` words right through the API, so the quiz's next batch starts after them. */
async function learnFirst(page: Page, language: string, count: number): Promise<void> {
  for (let left = count; left > 0; left -= 15) {
    for (const word of (await wordsOf(page, language)).slice(0, Math.min(15, left))) {
      const res = await page.request.patch(`/api/${language}/${word._id}`);
      expect(res.ok(), await res.text()).toBe(true);
    }
  }
}

/** Plays a whole batch: misses the first word, answers the rest right, then answers the round of missed words. */
async function playMissingFirst(page: Page, language: string, words: readonly Word[]): Promise<string> {
  const quiz = quizOf(page);
  const missed = await quiz.prompt();
  await typeAnswer(quiz.input, 'qwerty');
  await quiz.feedback.getByText(/^Incorrect/).waitFor();
  await skipAnswerPause(page);
  for (let prompt = await quiz.nextPrompt(missed); ;) {
    if (await page.getByText('Round 2: the words you missed.').isVisible()) return prompt;
    await typeAnswer(quiz.input, answerTo(prompt, words, language));
    await skipAnswerPause(page);
    prompt = await quiz.nextPrompt(prompt);
  }
}

test.describe('on a phone with its keyboard open', () => {
  test.use(phone(375, 430));

  test(
    '8: a word missed in the Spanish quiz comes back in a second round, ' + 'and the end says the first-time score',
    async ({ page }) => {
      await page.clock.install();
      await page.goto('/spanish-quiz');
      const words = await wordsOf(page, 'spanish');
      const quiz = quizOf(page);
      const first = await quiz.prompt();
      const again = await playMissingFirst(page, 'spanish', words);
      expect(again).toBe(first);
      await typeAnswer(quiz.input, answerTo(again, words, 'spanish'));
      await skipAnswerPause(page);
      await page.getByRole('heading', { name: 'Quiz over' }).waitFor();
      await expect(page.locator('.quiz-result')).toHaveText(
        `You got ${words.length - 1} / ${words.length} correct the first time`,
      );
    },
  );

  test('20: the placement test names the word it is on and promises no 36', async ({ page }) => {
    await page.goto('/placement/spanish');
    await expect(page.locator('.quiz-counter')).toHaveText('Word 1');
    await expect(page.getByText(/\/ 36/)).toHaveCount(0);
    await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute(
      'aria-valuetext',
      'Word 1, of about 16',
    );
  });
});

test.describe('on a phone', () => {
  test.use(phone(375, 812));

  test(
    '11: adding a word already in the deck says so under the word, ' + 'keeps the form, and raises no browser alert',
    async ({ page }) => {
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto('/spanish-add-words');
      await page.getByLabel('Spanish word').fill('casa');
      await page.getByLabel('English translation').fill('house');
      await page.getByRole('button', { name: 'Add word' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        '“casa” is already in your Spanish words. Check the spelling, or add another word.',
      );
      await expect(page.getByLabel('Spanish word')).toHaveValue('casa');
      await expect(page.getByLabel('Spanish word')).toBeFocused();
      await expect(page.getByLabel('English translation')).toHaveValue('house');
      expect(dialogs).toEqual([]);
    },
  );

  test('16: Logout closes the phone menu', async ({ page }) => {
    await signUpAndLogIn(page, 'menu-walker');
    await page.goto('/user-home');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    // Logged out, on the landing page; the folded menu's links are hidden, so the page's own start is awaited.
    await page.getByRole('link', { name: 'Start practising Spanish now' }).waitFor();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#main-links')).toBeHidden();
  });

  test(
    'bands: the Spanish home shows the deck in levels of 500, ' +
      'and "Start words 501–1,000" makes the quiz start there',
    async ({ page }) => {
      await page.goto('/spanish');
      const levels = page.getByRole('region', { name: 'Levels of the deck' });
      // A fresh server loads every deck at start (the API answers 503 meanwhile): give the first read time.
      await levels.waitFor({ timeout: 30_000 });
      const first = levels.getByRole('listitem').first();
      await expect(first).toContainText('Words 1–500');
      await expect(first).toContainText('0 of 500 known (0%)');
      await expect(first).toContainText('New words come from here');
      // Readable at 375 px: nothing of the card is wider than the screen.
      expect(await levels.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // A double tap: the second tap lands where the first did, once the server has answered the first.
      const button = levels.getByRole('button', { name: 'Start words 501–1,000' });
      const box = await button.boundingBox();
      if (!box) throw new Error('the button has no box');
      await button.click();
      const started = levels.getByRole('status');
      await expect(
        levels
          .getByRole('button', { name: /^Start words/ })
          .and(page.locator(':enabled'))
          .or(started),
      ).toBeVisible();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect(started).toHaveText('New words now come from words 501–1,000.');
      await expect(levels.getByRole('listitem').nth(1)).toContainText('New words come from here');
      const batch = await wordsOf(page, 'spanish');
      expect(batch[0]?.rank).toBe(501);
      await page.getByRole('link', { name: 'Practice vocab' }).click();
      const quiz = quizOf(page);
      expect(answerTo(await quiz.prompt(), batch, 'spanish')).toBeTruthy();
      expect(batch.map((w) => w.word)).toContain(
        await page
          .locator('.quiz-prompt strong')
          .textContent()
          .then((t) => t?.replace(/^(el|la|los|las) /, '')),
      );
    },
  );
});

test.describe('on a desktop', () => {
  test('9: with strict accents, "fur" for "für" names the umlaut', async ({ page }) => {
    const settings = await page.request.patch('/api/settings', { data: { strictAccents: true } });
    expect(settings.ok()).toBe(true);
    // "für" is the 22nd German word: the batch starts there once the first 21 are learned.
    await learnFirst(page, 'german', 21);
    await page.goto('/german-quiz');
    const quiz = quizOf(page);
    expect(await quiz.prompt()).toMatch(/^for\b/);
    await typeAnswer(quiz.input, 'fur');
    await expect(quiz.feedback).toContainText('Incorrect — mind the umlaut: für');
  });

  test('10 and 18: French "a" for "à" names the accent, and its hint does not repeat the prompt', async ({ page }) => {
    await learnFirst(page, 'french', 6);
    await page.goto('/french-quiz');
    const quiz = quizOf(page);
    // The deck's hint "at; to; in a city" beside "to; at; in": only "in a city" says something new.
    expect(await quiz.prompt()).toBe('to; at; in (in a city)');
    await typeAnswer(quiz.input, 'a');
    await expect(quiz.feedback).toContainText('Incorrect — mind the accent: à');
  });

  test('12: the generic quiz ends with a score', async ({ page }) => {
    await page.clock.install();
    await signUpAndLogIn(page, 'generic-walker');
    await addLanguage(page, 'italian');
    await page.goto('/quiz/generic/italian');
    const words = await wordsOf(page, 'italian');
    const quiz = quizOf(page);
    const again = await playMissingFirst(page, 'italian', words);
    await typeAnswer(quiz.input, answerTo(again, words, 'italian'));
    await skipAnswerPause(page);
    await page.getByRole('heading', { name: 'Quiz over' }).waitFor();
    await expect(page.locator('.quiz-result')).toHaveText(
      `You got ${words.length - 1} / ${words.length} correct the first time`,
    );
  });

  test('13: the page paints its frame and a loading status before the scripts arrive', async ({ page }) => {
    // A slow network, as far as a browser test can make one: every script held back 3 seconds.
    await page.route('**/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('status')).toHaveText('Loading Vocab…', { timeout: 2_000 });
    await expect(page.locator('.boot-brand')).toBeVisible();
    // Styled, not bare text: the placeholder blocks take room (the page's Content-Security-Policy refuses inline
    // styles).
    expect((await page.locator('.boot-card').first().boundingBox())?.height).toBeGreaterThan(100);
    await page.getByRole('heading', { level: 1, name: 'Hello and welcome...' }).waitFor({ timeout: 15_000 });
    await expect(page.locator('.boot')).toHaveCount(0);
  });

  test('14: About lists the placement test among what exists, not as planned', async ({ page }) => {
    await page.goto('/about');
    const planned = page.getByRole('heading', { name: 'Planned features' }).locator('xpath=following-sibling::ul[1]');
    await expect(planned).not.toContainText('placement');
    const can = page.getByRole('heading', { name: 'What you can do' }).locator('xpath=following-sibling::ul[1]');
    await expect(can).toContainText('placement test');
  });

  test('15: a theme chosen in Settings shows before Save, and leaving unsaved puts the saved one back', async ({
    page,
  }) => {
    await page.goto('/settings');
    await page.getByLabel('Dark').check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { level: 1, name: 'About' }).waitFor();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
  });

  test('17: a language home has one way into its quiz', async ({ page }) => {
    await page.goto('/spanish');
    await page.getByRole('link', { name: 'Practice vocab' }).waitFor();
    await expect(page.locator('a[href="/spanish-quiz"]')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Start from the first word' })).toHaveCount(0);
  });

  test('19: the words-learned chart fills its card', async ({ page }) => {
    await learnFirst(page, 'spanish', 3);
    await page.goto('/stats/spanish');
    const section = page.locator('section[aria-labelledby="learned-heading"]');
    await section.locator('canvas').waitFor();
    const [card, chart] = await Promise.all([section.boundingBox(), section.locator('.chart-box').boundingBox()]);
    expect(card && chart ? chart.height / card.height : 0).toBeGreaterThan(0.6);
  });

  test('21: a returning guest is welcomed with their progress and "Continue"', async ({ page }) => {
    await learnFirst(page, 'spanish', 2);
    await page.goto('/');
    await expect(page.getByText(/Welcome back!/)).toContainText('2 words in Spanish');
    await page.getByRole('link', { name: 'Continue Spanish' }).click();
    await page.waitForURL('**/spanish');
  });
});

test.describe('in the dark theme', () => {
  test.use({ colorScheme: 'dark' });

  test("22: the German card's dark band is set off from the page by its own gold", async ({ page }) => {
    await page.goto('/');
    const band = page.locator('.language-card-name', { hasText: 'German' });
    await band.waitFor();
    expect(await band.evaluate((el) => getComputedStyle(el).boxShadow)).toContain('rgb(255, 213, 74)');
  });
});
