import { type RunningApp, startApp } from './support/app';
import { expect, expectAccessible, test } from './support/fixtures';
import { PASSWORD, signUpAndLogIn } from './support/learner';
import { readMail, startSmtp } from '../apps/server/src/test/smtp-server';

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/**
 * The path and query of the first link in the latest mail to `to` that goes to `page` (the link's host is
 * PUBLIC_URL's).
 */
async function linkInMail(smtp: Smtp, to: string, page: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = smtp.received
      .map(readMail)
      .reverse()
      .find((m) => m.headers.to === to && m.text.includes(page));
    const link = mail?.text.split(/\s+/).find((w) => w.includes(page));
    if (link) {
      const url = new URL(link);
      return `${url.pathname}${url.search}`;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} with a ${page} link; received ${smtp.received.length}`);
}

/** An email address, a forgotten password and the daily reminder's settings, on a phone. */
test.describe('email, on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  // A whole signup, confirmation and reset through a real mail server: more than a minute on a busy machine.
  test.describe.configure({ timeout: 120_000 });
  let smtp: Smtp;
  let mailApp: RunningApp;
  test.beforeAll(async () => {
    smtp = await startSmtp();
    mailApp = await startApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://vocab.test' });
  });
  test.afterAll(async () => {
    await mailApp.stop();
    await smtp.close();
  });

  test('signs up with an address, confirms it by its link, and resets a forgotten password', async ({ page }) => {
    await page.goto(`${mailApp.url}/signup`);
    await page.getByLabel('Username').fill('forgetful');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByLabel('Email address (optional)').fill('me@example.com');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('We sent a link to me@example.com')).toBeVisible();

    await page.goto(`${mailApp.url}${await linkInMail(smtp, 'me@example.com', '/confirm-email')}`);
    await expect(page.getByRole('status')).toContainText('me@example.com is confirmed.');
    await page.goto(`${mailApp.url}/user-profile`);
    await expect(page.getByText('Your address: me@example.com')).toBeVisible();
    await page
      .getByRole('region', { name: 'Email address' })
      .screenshot({ path: 'test-results/e2e/email-profile-375.png' });
    await page.getByRole('button', { name: 'Logout', exact: true }).click();

    await page.goto(`${mailApp.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 430 });
    await page.screenshot({ path: 'test-results/e2e/email-forgot-375x430.png' });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Enter your email address or username.', { exact: true })).toBeVisible();
    await page.getByLabel('Email address or username').fill('forgetful');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Check your email.')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/e2e/email-forgot-375.png', fullPage: true });

    await page.goto(`${mailApp.url}${await linkInMail(smtp, 'me@example.com', '/reset-password')}`);
    await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
    await page.getByLabel('New password again').fill('a brand new passphrase');
    await page.screenshot({ path: 'test-results/e2e/email-reset-375.png', fullPage: true });
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    // The same link again: it worked once, and the page says so as it opens, before any password is typed.
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('This link no longer works');
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);

    await page.goto(`${mailApp.url}/login`);
    await page.getByLabel('Username').fill('forgetful');
    await page.getByLabel('Password').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/user-home');
  });

  test('turns the daily reminder on at an hour and on days, in the browser time zone', async ({ page }) => {
    for (const step of ['signup', 'login']) {
      expect(
        (
          await page.request.post(`${mailApp.url}/api/auth/${step}`, {
            data: { username: 'reminded', password: PASSWORD },
          })
        ).ok(),
      ).toBe(true);
    }
    await page.goto(`${mailApp.url}/settings`);
    await expect(page.getByText('Reminders go to a confirmed email address.')).toBeVisible();

    await page.goto(`${mailApp.url}/user-profile`);
    await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('reminded@example.com');
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(page.getByText('We sent a link to reminded@example.com')).toBeVisible();
    await page.goto(`${mailApp.url}${await linkInMail(smtp, 'reminded@example.com', '/confirm-email')}`);
    await page.getByRole('link', { name: 'Reminder settings' }).click();

    const section = page.getByRole('region', { name: 'Daily reminder' });
    await section.getByLabel(/Email me when words are waiting/).check();
    await section.getByLabel('At', { exact: true }).selectOption('8');
    await section.getByLabel('Saturday').uncheck();
    await section.getByLabel('Sunday').uncheck();
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect(section.getByText(`Your time zone: ${zone}`)).toBeVisible();
    await section.getByRole('button', { name: 'Save reminder' }).click();
    await expect(section.getByRole('status')).toHaveText(`Saved. Reminders at 08:00 (${zone}), Monday to Friday.`);
    await expectAccessible(page);
    await section.screenshot({ path: 'test-results/e2e/email-reminder-375.png' });
    for (const [width, height] of [
      [375, 430],
      [1280, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `test-results/e2e/email-settings-${width}x${height}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 375, height: 812 });

    await page.reload();
    await expect(page.getByRole('region', { name: 'Daily reminder' }).getByLabel('At', { exact: true })).toHaveValue(
      '8',
    );
    await expect(page.getByRole('region', { name: 'Daily reminder' }).getByLabel('Saturday')).not.toBeChecked();
    expect(await (await page.request.get(`${mailApp.url}/api/reminders`)).json()).toMatchObject({
      enabled: true,
      hour: 8,
      timeZone: zone,
      days: [1, 2, 3, 4, 5],
    });
  });

  test('without a mail server, the settings say reminders are unavailable', async ({ page, app }) => {
    await page.goto(app.url);
    await signUpAndLogIn(page, 'nomail');
    await page.goto('/settings');
    await expect(page.getByText('Reminders are unavailable: this server cannot send email.')).toBeVisible();
    await page.goto('/user-profile');
    await expect(page.getByText('This server cannot send email')).toBeVisible();
  });
});
