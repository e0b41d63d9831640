// Account security journeys: change the password (other browsers are logged out), list sessions and
// log out everywhere else, and reset a forgotten password through the link in the account mail.
import { expect, type Page } from '@playwright/test';
import { logIn, newContext, PASSWORD, signUp, test } from './helpers';
import { staffApi } from './public-helpers';

const NEW_PASSWORD = 'sturdy maple lantern';
const RESET_PASSWORD = 'quiet harbour compass';

async function expectLoggedOut(page: Page) {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount/);
}

test('changes the password, lists sessions and logs out everywhere else', async ({ page, browser }) => {
  const { email } = await signUp(page);
  const other = await newContext(browser);
  const phone = await other.newPage();
  await phone.goto('/login');
  await logIn(phone, email);
  await phone.waitForURL((url) => url.pathname !== '/login');

  await page.goto('/account');
  const sessions = page.getByRole('list', { name: 'Sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('This browser')).toHaveCount(1);

  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password').fill('12345678');
  await page.locator('#password').getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#password').getByText(/too easy to guess/)).toBeVisible();
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.locator('#password').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your password was changed. Every other session was logged out.')).toBeVisible();
  await expectLoggedOut(phone);
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  await logIn(phone, email, NEW_PASSWORD);
  await phone.waitForURL((url) => url.pathname === '/account');
  await page.reload();
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Log out everywhere else' }).click();
  await expect(page.getByText('Every other session was logged out.')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expectLoggedOut(phone);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
  await other.close();
});

test('resets a forgotten password through the e-mailed link', async ({ page, browser, baseURL }) => {
  const setup = await newContext(browser);
  const { email } = await signUp(await setup.newPage());

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The log-in page has an E-mail field too: fill the one of the reset page, once it is there.
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account uses this address, we sent it a link/)).toBeVisible();

  // No SMTP server in this run: the mail waits in the outbox, where staff can read it.
  const staff = await staffApi(baseURL!);
  const mail = await staff.get(`/api/v1/admin/account-mail?to=${encodeURIComponent(email)}`);
  const [message] = (await mail.json()).messages;
  expect(message.subject).toBe('Reset your Nimbus password');
  await staff.dispose();

  const link = new URL(message.link);
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password').fill(RESET_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your new password is set and every session was logged out.')).toBeVisible();
  await expectLoggedOut(setup.pages()[0]!);

  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password').fill('another quiet harbour');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/expired or was already used/);

  await page.goto('/login');
  await logIn(page, email, RESET_PASSWORD);
  await page.waitForURL((url) => url.pathname !== '/login');
  await setup.close();
});
