import { expect, test } from './support/fixtures';
import { PASSWORD, addLanguage, answerTo, quizOf, signUpAndLogIn, wordsOf } from './support/learner';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, ' +
  'like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A learner logged in on two browsers logs the phone out from the laptop's sessions list while the phone practises. */
test(
  'a session ended from another browser says so, ' +
    'keeps the answers and sends them as the learner after logging in again, never as a guest',
  async ({ page, browser, app }) => {
    await signUpAndLogIn(page, 'traveller');
    const phoneContext = await browser.newContext({
      baseURL: app.url,
      userAgent: PHONE,
      viewport: { width: 375, height: 812 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      const phone = await phoneContext.newPage();
      expect(
        (await phone.request.post('/api/auth/login', { data: { username: 'traveller', password: PASSWORD } })).status(),
      ).toBe(200);
      await phone.goto('/spanish-quiz');
      const quiz = quizOf(phone);
      const words = await wordsOf(phone, 'spanish');
      await phone.getByRole('button', { name: 'Menu' }).click();
      await phone.getByRole('button', { name: 'My account' }).waitFor();
      await phone.getByRole('button', { name: 'Menu' }).click();

      // The laptop logs the phone out.
      await page.goto('/user-profile');
      await page.getByRole('button', { name: /^Log out Safari on iPhone/ }).click();
      await page.getByRole('button', { name: /^Log out Safari on iPhone/ }).waitFor({ state: 'detached' });
      const users = async () => (await app.rows<{ n: number | string }>('select count(*) as n from users'))[0]?.n;
      const before = Number(await users());

      // The phone's next answers: the learner is told, plainly, and nothing goes to a guest.
      let prompt = await quiz.prompt();
      await quiz.input.fill(answerTo(prompt, words, 'spanish'));
      const notice = phone.getByRole('alert').filter({ hasText: 'You were logged out — log in to keep saving.' });
      await notice.waitFor();
      prompt = await quiz.nextPrompt(prompt);
      await quiz.input.fill(answerTo(prompt, words, 'spanish'));
      await expect(notice).toContainText('2 answers kept on this device will be sent as yours once you log in.');
      // Nothing pretends to be retrying meanwhile.
      expect(await phone.getByText('waiting to be sent. Trying again shortly.').count()).toBe(0);
      await phone.getByRole('button', { name: 'Menu' }).click();
      await phone.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
      await phone.getByRole('button', { name: 'Menu' }).click();
      expect(Number(await users()), 'no guest was created').toBe(before);
      expect(await app.rows('select id from reviews')).toHaveLength(0);
      await phone.screenshot({ path: test.info().outputPath('logged-out-375.png'), fullPage: true });

      // Logged in again, the two answers are the learner's.
      await notice.getByRole('link', { name: 'Log in' }).click();
      await phone.getByLabel('Username').fill('traveller');
      await phone.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await phone.getByRole('button', { name: 'Log in' }).click();
      await expect
        .poll(
          async () =>
            (
              await app.rows<{ username: string }>(
                'select u.username from reviews r join users u on u.id = r.learner_id',
              )
            ).map((r) => r.username),
          { timeout: 15_000 },
        )
        .toEqual(['traveller', 'traveller']);
      expect(Number(await users())).toBe(before);
    } finally {
      await phoneContext.close();
    }
  },
);

test(
  'after the password is changed on another device, ' +
    'a page refused for want of a session offers Log in and returns to itself',
  async ({ page, app, playwright }) => {
    await signUpAndLogIn(page, 'changed-elsewhere');
    await addLanguage(page, 'spanish');
    await page.goto('/user-home');
    await page.getByRole('link', { name: /^Spanish/ }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'My account' }).waitFor();

    const laptop = await playwright.request.newContext({ baseURL: app.url });
    expect(
      (await laptop.post('/api/auth/login', { data: { username: 'changed-elsewhere', password: PASSWORD } })).ok(),
    ).toBe(true);
    expect(
      (
        await laptop.post('/api/account/password', {
          data: { currentPassword: PASSWORD, newPassword: `${PASSWORD} 2` },
        })
      ).ok(),
    ).toBe(true);
    await laptop.dispose();

    // The next page's reads are refused: it says so with a Log in, and the header no longer says "My account".
    await page.getByRole('link', { name: /^Spanish/ }).click();
    await page.waitForURL('**/generic/spanish');
    const refused = page.getByRole('alert').filter({ hasText: 'You need to log in.' });
    await refused.waitFor();
    expect(await refused.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await nav.getByRole('link', { name: 'Login' }).waitFor();
    expect(await nav.getByRole('button', { name: 'My account' }).count()).toBe(0);

    await refused.getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('Username').fill('changed-elsewhere');
    await page.getByLabel('Password', { exact: true }).fill(`${PASSWORD} 2`);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/generic/spanish');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Spanish');
    await nav.getByRole('button', { name: 'My account' }).waitFor();
  },
);
