// An operator who runs builds without isolation (NIMBUS_BUILD_SANDBOX=off): every signed-in page
// warns about it, and so does GET /api/health. A second Nimbus, started here with that setting,
// on the same built web app; the suite's own server (sandbox on) shows no warning.
import { expect } from '@playwright/test';
import { fillSignup, signUp, test, uniqueEmail } from './helpers';
import { type SecondNimbus, startSecondNimbus } from './second-nimbus';

let second: SecondNimbus;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  second = await startSecondNimbus(50, { NIMBUS_BUILD_SANDBOX: 'off' });
  origin = second.origin;
});

test.afterAll(() => second?.stop());

test('warns every signed-in user while builds run without isolation', async ({ page, request }) => {
  const health = await (await request.get(`${origin}/api/health`)).json();
  expect(health.sandbox).toMatchObject({ mode: 'off', isolated: false, refused: false });

  await page.goto(`${origin}/signup`);
  await fillSignup(page, uniqueEmail('unisolated'));
  await page.waitForURL((url) => url.pathname !== '/signup');
  const banner = page.getByRole('alert', { name: 'Builds run without isolation' });
  await expect(banner).toContainText('NIMBUS_BUILD_SANDBOX=off');
  await page.goto(`${origin}/new`);
  await expect(banner).toBeVisible();
});

test('shows no warning where builds are isolated', async ({ page }) => {
  await signUp(page);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Builds run without isolation' })).toHaveCount(0);
});
