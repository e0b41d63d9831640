// Sign-up on a server that sends mail (SMTP_URL): the form asks to check the inbox, the mailed link
// opens /signup/confirm, and one press there makes the account and lands in the dashboard. A
// registered address gets the same words on screen. A second Nimbus, started here with SMTP_URL
// pointing at an SMTP server this spec runs, on the same built web app.
import { expect } from '@playwright/test';
import { type MailCatcher, startMailCatcher } from '../test/mail-catcher';
import { fillSignup, personalSlugOf, test, uniqueEmail } from './helpers';
import { type SecondNimbus, startSecondNimbus } from './second-nimbus';

let smtp: MailCatcher;
let second: SecondNimbus;
let origin: string;

async function mailTo(email: string, count = 1) {
  await expect.poll(() => smtp.mails.filter((m) => m.to === email).length).toBeGreaterThanOrEqual(count);
  return smtp.mails.filter((m) => m.to === email).at(-1)!.body;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startMailCatcher();
  second = await startSecondNimbus(51, { NIMBUS_SIGNUP_LIMIT: '1000', SMTP_URL: smtp.url });
  origin = second.origin;
});

test.afterAll(async () => {
  await second?.stop();
  await smtp?.close();
});

test('signs up through the mailed link and lands in the dashboard', async ({ page }) => {
  const email = uniqueEmail('confirmed');
  await page.goto(`${origin}/signup`);
  await fillSignup(page, email, 'Confirmed Person');
  const pending = page.getByRole('note');
  await expect(pending).toContainText('Check your e-mail');
  await expect(pending).toContainText(`Check ${email}: we sent a link to finish signing up.`);
  await expect(page).toHaveURL(`${origin}/signup`);

  const link = (await mailTo(email)).match(/http:\/\/\S+\/signup\/confirm\?token=\S+/)![0];
  expect(link.startsWith(`${origin}/signup/confirm?token=`)).toBe(true);
  await page.goto(link);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await page.waitForURL(`${origin}/${personalSlugOf(email)}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  // The link worked once: opened again, it says so. The dashboard is left first, so its own move to
  // the log-in page once the session is gone cannot abort the visit (net::ERR_ABORTED).
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('This sign-up link has expired or was already used.')).toBeVisible();

  // The address now has an account: signing up with it shows the same words, and its owner is told.
  await page.goto(`${origin}/signup`);
  await fillSignup(page, email);
  await expect(page.getByRole('note')).toContainText(`Check ${email}: we sent a link to finish signing up.`);
  expect(await mailTo(email, 2)).toContain('Someone tried to create a Nimbus account with this e-mail address');
});
