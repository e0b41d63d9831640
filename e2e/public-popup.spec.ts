// The sales-demo popup (docs/spec.md §2, §4, §5, §9) under a fake clock: its per-path delays, sales-led visitors
// only, dismissal and the marketfit=1 override, stale-state clearing and expiry of the stored
// record, and silent storage errors. Market fit comes from /api/marketfit; where a test needs a
// sales-led visitor without the override, the answer is stubbed as the enrichment service would give it.
import { expect, type Page, test } from '@playwright/test';

const DAY = 86_400_000;
const KEY = 'nimbus:demo-popup';
const popup = (page: Page) => page.getByRole('dialog', { name: 'Planning a move for a large team?' });

/**
 * Opens a page, waits until the popup has its market fit and started its timer, then stops time
 * shortly ahead, so the timer has run at most ~1 s when a test starts moving the clock itself.
 */
async function open(page: Page, path: string) {
  const fit = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/marketfit');
  await page.goto(path);
  await fit;
  await page.waitForTimeout(300);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
}

async function salesLed(page: Page) {
  await page.route('**/api/marketfit*', (route) => route.fulfill({ json: { marketFit: 1, source: 'enrichment' } }));
}

const stored = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), KEY);

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

test('on /pricing it appears after 15 s for marketfit=1, and its link and 64 px avatar lead to the demo page', async ({
  page,
}) => {
  await open(page, '/pricing?marketfit=1');
  await page.clock.runFor(13_000);
  await expect(popup(page)).toHaveCount(0);
  await page.clock.runFor(2_500);
  await expect(popup(page)).toBeVisible();
  const avatar = popup(page).getByRole('link', { name: /book a demo/ });
  await expect(avatar).toHaveAttribute('href', '/contact/sales/demo');
  expect(await avatar.locator('img').evaluate((img: HTMLImageElement) => [img.width, img.height])).toEqual([64, 64]);
  expect((await stored(page)).lastShown).toBeGreaterThan(0);
  await popup(page).getByRole('link', { name: 'Get a personalised demo →' }).click();
  await expect(page).toHaveURL('/contact/sales/demo');
  await expect(popup(page)).toHaveCount(0);
  expect((await stored(page)).dismissions).toBe(0);
});

test('on the four blog posts it waits 20 s; other pages never show it', async ({ page }) => {
  await salesLed(page);
  await open(page, '/blog/introducing-the-nimbus-waf');
  await page.clock.runFor(18_000);
  await expect(popup(page)).toHaveCount(0);
  await page.clock.runFor(2_500);
  await expect(popup(page)).toBeVisible();
  for (const path of ['/blog/immutable-deployments', '/', '/blog']) {
    await page.goto(path);
    await page.waitForTimeout(300);
    await page.clock.runFor(30_000);
    await expect(popup(page), path).toHaveCount(0);
  }
});

test('closing counts a dismissal; it then stays away, unless marketfit=1', async ({ page }) => {
  await salesLed(page);
  await open(page, '/enterprise');
  await page.clock.runFor(16_000);
  await popup(page).getByRole('button', { name: 'Close' }).click();
  await expect(popup(page)).toHaveCount(0);
  expect((await stored(page)).dismissions).toBe(1);

  await page.clock.resume();
  await open(page, '/pricing');
  await page.clock.runFor(30_000);
  await expect(popup(page)).toHaveCount(0);

  await page.clock.resume();
  await open(page, '/pricing?marketfit=1');
  await page.clock.runFor(16_000);
  await expect(popup(page)).toBeVisible();
  await page.keyboard.press('Escape');
  expect((await stored(page)).dismissions).toBe(2);
});

test('product-led and unknown visitors never see it (marketfit=2, marketfit=0)', async ({ page }) => {
  for (const fit of ['2', '0']) {
    await page.clock.resume();
    await open(page, `/pricing?marketfit=${fit}`);
    await page.clock.runFor(30_000);
    await expect(popup(page), `marketfit=${fit}`).toHaveCount(0);
  }
});

test('a dismissal is forgotten once lastShown is 2 to 60 days old, and the record expires after 90 days', async ({
  page,
}) => {
  await salesLed(page);
  await page.goto('/');
  const now = await page.evaluate(() => Date.now());
  const cases = [
    { record: { dismissions: 1, lastShown: now - 1 * DAY, expires: now + 80 * DAY }, shows: false },
    { record: { dismissions: 1, lastShown: now - 3 * DAY, expires: now + 80 * DAY }, shows: true },
    { record: { dismissions: 1, lastShown: now - 70 * DAY, expires: now + 10 * DAY }, shows: false },
    { record: { dismissions: 1, lastShown: now - 70 * DAY, expires: now - 1 }, shows: true },
  ];
  for (const { record, shows } of cases) {
    await page.clock.resume();
    await page.goto('/');
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [KEY, JSON.stringify(record)]);
    await open(page, '/pricing');
    await page.clock.runFor(16_000);
    await expect(popup(page), JSON.stringify(record)).toHaveCount(shows ? 1 : 0);
  }
});

test('storage errors are swallowed: the popup still shows and closes, with no page error', async ({ page }) => {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.addInitScript(() => {
    Storage.prototype.getItem = () => {
      throw new Error('storage disabled');
    };
    Storage.prototype.setItem = () => {
      throw new Error('quota exceeded');
    };
  });
  await open(page, '/pricing?marketfit=1');
  await page.clock.runFor(16_000);
  await expect(popup(page)).toBeVisible();
  await popup(page).getByRole('button', { name: 'Close' }).click();
  await expect(popup(page)).toHaveCount(0);
  expect(errors).toEqual([]);
});
