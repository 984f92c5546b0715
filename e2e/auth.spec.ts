import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { PASSWORD, signUpAndLogIn } from './support/learner';

/** The signup form's error box with exactly this title. */
const alertSaying = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

async function logInThroughTheForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
}

test.describe('signing up, logging in and out', () => {
  test('shows each signup validation message, lets the passwords be shown, then signs up', async ({ page }) => {
    await page.goto('/signup');
    const signUp = page.getByRole('button', { name: 'Sign up' });
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm password');

    await signUp.click();
    await alertSaying(page, 'Please fill out all fields').waitFor();

    await page.getByLabel('Username').fill('walker');
    await password.fill(PASSWORD);
    await signUp.click();
    await alertSaying(page, 'Please fill out all fields').waitFor();

    await confirm.fill(`${PASSWORD}!`);
    await signUp.click();
    await alertSaying(page, 'Passwords do not match').waitFor();

    await password.fill('short');
    await confirm.fill('short');
    await signUp.click();
    await alertSaying(page, 'Password must be at least 8 characters').waitFor();

    expect(await password.getAttribute('type')).toBe('password');
    await page.getByLabel('Show passwords').check();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await confirm.inputValue()).toBe('short');
    await page.getByLabel('Show passwords').uncheck();
    expect(await password.getAttribute('type')).toBe('password');

    await password.fill(PASSWORD);
    await confirm.fill(PASSWORD);
    await signUp.click();
    await page.getByText('✔ Signup Successful. You are logged in as').waitFor();
    await page.getByRole('link', { name: 'Go to your languages' }).click();
    await page.waitForURL('**/user-home');
  });

  test('refuses a username already taken with an error box', async ({ page }) => {
    await signUpAndLogIn(page, 'taken');
    await page.context().clearCookies();
    await page.goto('/signup');
    await page.getByLabel('Username').fill('taken');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await alertSaying(page, 'Error').waitFor();
    expect(await page.getByText('✔ Signup Successful.').count()).toBe(0);
  });

  test(
    'refuses a wrong password, logs in, ' + 'keeps the session across a reload, and logs out to the landing page',
    async ({ page }) => {
      await signUpAndLogIn(page, 'rambler');
      await page.context().clearCookies();

      await page.goto('/login');
      await logInThroughTheForm(page, 'rambler', 'wrong password!');
      await alertSaying(page, 'Incorrect username or password').waitFor();

      await logInThroughTheForm(page, 'rambler', PASSWORD);
      await page.waitForURL('**/user-home');
      await page.getByRole('heading', { name: 'Hello, rambler' }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name: 'Login' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Signup' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Vocab' }).getAttribute('href')).toBe('/user-home');

      await page.reload();
      await page.getByRole('heading', { name: 'Hello, rambler' }).waitFor();

      await nav.getByRole('button', { name: 'My account' }).click();
      await nav.getByRole('link', { name: 'User profile' }).click();
      await page.waitForURL('**/user-profile');
      await page.getByText('Username: rambler').waitFor();

      await nav.getByRole('button', { name: 'My account' }).click();
      await nav.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await nav.getByRole('link', { name: 'Login' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Vocab' }).getAttribute('href')).toBe('/');

      await page.reload();
      await nav.getByRole('link', { name: 'Signup' }).waitFor();
      expect(await nav.getByRole('button', { name: 'My account' }).count()).toBe(0);
    },
  );

  test('sends a visitor of a logged-in-only page to login, and back there afterwards', async ({ page }) => {
    await signUpAndLogIn(page, 'returner');
    await page.context().clearCookies();

    await page.goto('/add-language');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/add-language');
    await logInThroughTheForm(page, 'returner', PASSWORD);
    await page.waitForURL('**/add-language');
    await page.getByRole('heading', { name: 'Add a language' }).waitFor();
  });
});
