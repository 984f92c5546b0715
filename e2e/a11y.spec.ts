import type { Page } from '@playwright/test';
import { expect, expectAccessible, seriousViolations, test } from './support/fixtures';
import { addLanguage, answerTo, quizOf, signUpAndLogIn, skipAnswerPause, typeAnswer, wordsOf } from './support/learner';
import { ACCOUNT_ROUTES, VISITOR_ROUTES } from './support/routes';

/** Waits until the screen has its data: its heading is there and no "Loading..." is left. */
async function settled(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => document.querySelector('.loading') === null);
  // Two frames: what the last change (data, a colour scheme) does to the page is laid out and painted before axe reads
  // it.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

async function visit(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await settled(page);
}

/**
 * Every route in one page (a page load after the first costs a tenth of a new context): axe in the light scheme,
 * then colour contrast, the one rule a scheme changes, in the dark one. All violations are listed together.
 */
async function violationsOfRoutes(page: Page, routes: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    await page.emulateMedia({ colorScheme: 'light' });
    await visit(page, route);
    found.push(...(await seriousViolations(page, `${route} (light)`)));
    await page.emulateMedia({ colorScheme: 'dark' });
    await settled(page);
    found.push(...(await seriousViolations(page, `${route} (dark)`, ['color-contrast'])));
  }
  return found;
}

test.describe('accessibility (axe-core: no serious or critical violation)', () => {
  test('on every route a visitor reaches, light and dark', async ({ page }) => {
    // 30 routes, each checked twice: about a minute on a quiet machine, twice that on a busy one.
    test.setTimeout(240_000);
    expect(await violationsOfRoutes(page, VISITOR_ROUTES)).toEqual([]);
  });

  test('on every logged-in-only route, light and dark', async ({ page }) => {
    // Each route checked twice, after a signup: close to a minute on a quiet machine, as the visitor routes.
    test.setTimeout(240_000);
    await signUpAndLogIn(page, 'inclusive');
    await addLanguage(page, 'spanish');
    expect(await violationsOfRoutes(page, ACCOUNT_ROUTES)).toEqual([]);
  });

  test('on the quiz verdicts (correct, almost, incorrect) and the open account menu, light and dark', async ({
    page,
  }) => {
    await page.clock.install();
    const found: string[] = [];
    const check = async (where: string) => {
      found.push(...(await seriousViolations(page, `${where} (light)`)));
      await page.emulateMedia({ colorScheme: 'dark' });
      found.push(...(await seriousViolations(page, `${where} (dark)`, ['color-contrast'])));
      await page.emulateMedia({ colorScheme: 'light' });
    };

    await visit(page, '/portuguese-quiz');
    const quiz = quizOf(page);
    const words = await wordsOf(page, 'portuguese');
    let prompt = await quiz.prompt();
    // Right until a word with an accent comes up, which is then typed without it.
    for (let answered = 0; ; answered += 1) {
      const answer = answerTo(prompt, words, 'portuguese');
      const bare = answer.normalize('NFD').replace(/\p{M}/gu, '');
      if (bare !== answer) {
        await typeAnswer(quiz.input, bare);
        await quiz.feedback.getByText(/^Almost — mind the (accent|tilde|cedilla|diaeresis):/).waitFor();
        await check('a quiz answer forgiven an accent');
        break;
      }
      expect(answered).toBeLessThan(5);
      await quiz.input.fill(answer);
      await quiz.feedback.getByText('Correct!').waitFor();
      if (answered === 0) await check('a quiz answer marked correct');
      await skipAnswerPause(page);
      prompt = await quiz.nextPrompt(prompt);
    }

    await signUpAndLogIn(page, 'stumbler');
    await addLanguage(page, 'spanish');
    await visit(page, '/quiz/generic/spanish');
    await quiz.prompt();
    await typeAnswer(quiz.input, 'zzzz');
    await quiz.feedback.getByText('Incorrect.').waitFor();
    await check('a quiz answer marked incorrect');

    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await check('the open account menu');
    expect(found).toEqual([]);
  });

  test('is usable from the keyboard alone: skip link, account menu, quiz', async ({ page }) => {
    const focused = () =>
      page.evaluate(() => ({
        text: document.activeElement?.textContent?.trim() ?? '',
        id: document.activeElement?.id ?? '',
      }));
    const focusRing = () =>
      page.evaluate(() => (document.activeElement ? getComputedStyle(document.activeElement).outlineStyle : 'none'));

    await signUpAndLogIn(page, 'keyboarder');
    await visit(page, '/user-home');
    await page.keyboard.press('Tab');
    expect((await focused()).text).toBe('Skip to content');
    expect(await focusRing()).not.toBe('none');
    await page.keyboard.press('Enter');
    expect((await focused()).id).toBe('main');

    const menuButton = page.getByRole('button', { name: 'My account' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect((await focused()).text).toBe('User profile');
    expect(await focusRing()).not.toBe('none');
    await page.keyboard.press('Escape');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

    // The answer field has the focus from the start: a learner types and presses Enter.
    await visit(page, '/german-quiz');
    await quizOf(page).prompt();
    await page.keyboard.type('zzzz');
    await page.keyboard.press('Enter');
    await quizOf(page).feedback.getByText('Incorrect').waitFor();
  });

  test('on the signup form showing an error, and the contact form once sent', async ({ page }) => {
    await visit(page, '/signup');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('alert').waitFor();
    await expectAccessible(page, 'the signup form with "Please fill out all fields"');

    await visit(page, '/contact');
    await page.getByLabel('Name').fill('Ana');
    await page.getByLabel('Email').fill('ana@example.org');
    await page.getByLabel('Message').fill('Hola');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Message submitted').waitFor();
    await expectAccessible(page, 'the contact form once sent');
  });
});

test.describe('form controls in the dark scheme', () => {
  test('every unchecked box and radio has an edge with 3:1 contrast against its surface (WCAG 1.4.11)', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await visit(page, '/settings');
    const controls = page.locator('input[type=checkbox]:not(:checked), input[type=radio]:not(:checked)');
    await expect(controls.first()).toBeVisible();
    const faint = await controls.evaluateAll((inputs) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: string) => {
        const linear = rgb(c).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
        return [0.2126, 0.7152, 0.0722].reduce((sum, weight, i) => sum + weight * (linear[i] ?? 0), 0);
      };
      const behind = (el: Element | null): string => {
        for (let e = el; e; e = e.parentElement) {
          const bg = getComputedStyle(e).backgroundColor;
          if (!/rgba\(.*, 0\)$|transparent/.test(bg)) return bg;
        }
        return 'rgb(255, 255, 255)';
      };
      return inputs.flatMap((input) => {
        const style = getComputedStyle(input);
        const [edge, surface] = [lum(style.borderTopColor), lum(behind(input.parentElement))];
        const ratio = (Math.max(edge, surface) + 0.05) / (Math.min(edge, surface) + 0.05);
        const drawn = style.borderTopStyle !== 'none' && parseFloat(style.borderTopWidth) >= 1;
        return drawn && ratio >= 3 ? [] : [`${input.getAttribute('name') ?? input.id}: ${ratio.toFixed(2)}`];
      });
    });
    expect(faint).toEqual([]);
  });
});
