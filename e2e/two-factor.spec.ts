// Two-factor journeys: turn it on from the account page (the code computed from the key the page
// shows) and log in again with a code; a team that requires it sends a member without it through
// /two-factor-required, where they set it up, and back to the page they wanted.
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { teamWithMember } from './dashboard-helpers';
import { logIn, logOut, signUp, test } from './helpers';

/** The code of the time step `steps` away: a code works once, so each use takes a later step. */
const codeFor = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Turns two-factor on with the setup on screen; answers the key the page showed. */
async function finishSetup(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  await expect(page.getByRole('img', { name: /QR code of otpauth:\/\/totp\// })).toBeVisible();
  await page.getByLabel('Code from the app').fill(await codeFor(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  return secret;
}

test('turns two-factor on and logs in again with a code', async ({ page }) => {
  const { email, slug } = await signUp(page);
  await page.goto('/account');
  const secret = await finishSetup(page);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('#two-factor').getByText('On', { exact: true })).toBeVisible();

  await logOut(page);
  await logIn(page, email);
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/The code is not correct/)).toBeVisible();
  await page.getByLabel('Code').fill(await codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(`/${slug}`);
});

test('an enforced team sends a member without two-factor to set it up, then back', async ({ page, browser }) => {
  const { team, member } = await teamWithMember(page, browser, 'MEMBER');
  await page.goto('/account');
  await finishSetup(page);
  await page.goto(`/${team}/~/settings/security`);
  await page.getByLabel('Require two-factor authentication of every member').check();
  await page.locator('#two-factor-enforcement').getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#two-factor-enforcement').getByRole('button', { name: 'Save' })).toBeDisabled();

  await member.goto(`/${team}/~/deployments`);
  await member.waitForURL((url) => url.pathname === '/two-factor-required');
  const query = new URL(member.url()).searchParams;
  expect([query.get('teamSlug'), query.get('next')]).toEqual([team, `/${team}/~/deployments`]);
  await finishSetup(member);
  await member.getByRole('button', { name: 'Continue' }).click();
  await expect(member).toHaveURL(`/${team}/~/deployments`);
  await expect(member.getByRole('heading', { level: 1 })).toBeVisible();
});
