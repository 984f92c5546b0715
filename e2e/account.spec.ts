import { expect, expectAccessible, test } from './support/fixtures';
import { PASSWORD, signUpAndLogIn } from './support/learner';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, ' +
  'like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The user profile lists where the account is logged in, changes the password, and deletes the account. */
test.describe('the account on the user profile', () => {
  test('lists where the account is logged in, logs a phone out, and changes the password', async ({
    page,
    browser,
    app,
  }) => {
    await signUpAndLogIn(page, 'keeper');
    const phone = await browser.newContext({ baseURL: app.url, userAgent: PHONE });
    try {
      expect(
        (await phone.request.post('/api/auth/login', { data: { username: 'keeper', password: PASSWORD } })).status(),
      ).toBe(200);

      await page.goto('/user-profile');
      await page.getByText('Username: keeper').waitFor();
      await page.getByRole('button', { name: 'Logout', exact: true }).waitFor();
      await page.getByText('This browser').waitFor();
      await expectAccessible(page);

      await page.getByRole('button', { name: /^Log out Safari on iPhone/ }).click();
      await expect(page.getByText('Safari on iPhone')).toHaveCount(0);
      expect(await (await phone.request.get('/api/auth/session')).json()).toEqual({ user: null });

      await page.getByLabel('Current password').fill(PASSWORD);
      await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
      await page.getByLabel('New password again').fill('a brand new passphrase');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByRole('status')).toHaveText('Password changed. Your other sessions have been logged out.');
      const oldPassword = await phone.request.post('/api/auth/login', {
        data: { username: 'keeper', password: PASSWORD },
      });
      expect(oldPassword.status()).toBe(401);
    } finally {
      await phone.close();
    }
  });

  test('deletes the account after the password and a confirmation, then shows the landing page', async ({ page }) => {
    await signUpAndLogIn(page, 'leaver');
    await page.goto('/user-profile');
    await page.getByLabel('Password', { exact: true }).fill('not my password');
    await page.getByLabel(/I understand/).check();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('alert')).toContainText('That is not your current password.');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
    // The landing page may still show its cards' "Loading..." status beside the message: find the message's own.
    const deleted = page.getByRole('status').filter({ hasText: 'Your account and everything' });
    await expect(deleted).toHaveText('Your account and everything in it have been deleted.');
    expect(
      (await page.request.post('/api/auth/login', { data: { username: 'leaver', password: PASSWORD } })).status(),
    ).toBe(401);
  });
});
