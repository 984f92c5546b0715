import { expect, it } from 'vitest';
import { describeInBrowser } from './support/browser';

describeInBrowser('signing up, logging in and out', (ctx) => {
  it('shows each signup message, signs up, logs in, keeps the session across a reload, and logs out', async () => {
    const page = ctx().page;
    await page.goto('/signup');

    const signUp = page.getByRole('button', { name: 'Sign up' });
    await signUp.click();
    await page.getByRole('alert').filter({ hasText: 'Please fill out all fields' }).waitFor();

    await page.getByLabel('Username').fill('walker');
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByLabel('Confirm password').fill('correct horse battery!');
    await signUp.click();
    await page.getByRole('alert').filter({ hasText: 'Passwords do not match' }).waitFor();

    await page.getByLabel('Confirm password').fill('correct horse battery');
    await signUp.click();
    await page.getByText('✔ Signup Successful.').waitFor();
    await page.getByRole('link', { name: 'Click here to login' }).click();

    await page.getByLabel('Username').fill('walker');
    await page.getByLabel('Password').fill('wrong password!');
    await page.keyboard.press('Enter');
    await page.getByText('Incorrect username or password').waitFor();

    await page.getByLabel('Password').fill('correct horse battery');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/user-home');
    await page.getByRole('heading', { name: 'Hello, walker' }).waitFor();
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);

    await page.reload();
    await page.getByRole('heading', { name: 'Hello, walker' }).waitFor();

    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).or(page.getByRole('button', { name: 'Logout' })).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    await page.goto('/user-home');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/user-home');
  });
});
