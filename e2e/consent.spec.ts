// Consent on Nimbus's own site (issue #17): every tracker waits for the visitor's choice. Checked by
// the requests the page makes: before consent nothing reaches the event stream, search analytics
// or the insights script and no anonymous id is stored; Accept loads the insights script without a
// reload; Decline keeps everything off across reloads. The analytics overlay (Ctrl+Shift+A) is for
// staff only. The e2e server sets NIMBUS_SITE_ANALYTICS_PROJECT and keeps the banner's default
// (auto, no country header: everyone is asked).
import { INSIGHTS_SCRIPT_FAILED_MESSAGE, SITE_INSIGHTS_SCRIPT_PATH } from '@nimbus/core';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { acceptAnalytics, clientAddress, signUp, test } from './helpers';
import { staffApi } from './public-helpers';

const TRACKERS = ['/api/stream/internal', '/api/insights/', SITE_INSIGHTS_SCRIPT_PATH];

/** Every request the page makes to a tracker, and every console error, from now on. */
function watch(page: Page) {
  const tracked: string[] = [];
  const errors: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (TRACKERS.some((t) => url.pathname.startsWith(t))) tracked.push(url.pathname);
  });
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  return { tracked, errors };
}

async function anonymousCookies(context: BrowserContext) {
  return (await context.cookies()).filter((c) => decodeURIComponent(c.value).startsWith('anonymous-'));
}

/** Searches the docs: with consent, the results shown are a search analytics view event. */
async function search(page: Page, query: string) {
  const box = page.getByRole('combobox', { name: 'Search the documentation' });
  await box.click();
  await box.fill(query);
  await expect(page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first()).toBeVisible();
}

const banner = (page: Page) => page.getByRole('region', { name: 'Analytics cookies' });

test('nothing tracks before consent; Accept loads the insights script without a reload', async ({ page, context }) => {
  const { tracked, errors } = watch(page);
  await page.goto('/docs');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
    'href',
    '/legal/privacy#consent',
  );
  await search(page, 'revoke token');
  await page.goto('/pricing');
  await expect(banner(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(tracked).toEqual([]);
  expect(await anonymousCookies(context)).toEqual([]);

  const script = page.waitForRequest((req) => new URL(req.url()).pathname === SITE_INSIGHTS_SCRIPT_PATH);
  await acceptAnalytics(page);
  const loaded = await (await script).response();
  // Until the project's analytics collector answers, the script fails and the console says why.
  if (!loaded?.ok()) await expect.poll(() => errors).toContain(INSIGHTS_SCRIPT_FAILED_MESSAGE);
  expect((await context.cookies()).find((c) => c.name === 'consent')?.expires).toBeGreaterThan(
    Date.now() / 1000 + 300 * 86_400,
  );

  await page.goto('/docs');
  await expect(banner(page)).toBeHidden();
  const events = page.waitForRequest((req) => req.url().includes('/api/insights/1/events'));
  await search(page, 'environment variables');
  await events;
  expect((await anonymousCookies(context)).map((c) => c.name)).toEqual(['_ALGOLIA']);

  // A script that cannot load (an ad blocker here) logs the advice of docs/spec.md §8.
  await page.route(`**${SITE_INSIGHTS_SCRIPT_PATH}`, (route) => route.abort('blockedbyclient'));
  errors.length = 0;
  await page.reload();
  await expect.poll(() => errors).toContain(INSIGHTS_SCRIPT_FAILED_MESSAGE);
});

test('Decline keeps every tracker off across a reload, and Cookie preferences can change it', async ({
  page,
  context,
}) => {
  const { tracked } = watch(page);
  await page.goto('/docs');
  await banner(page).getByRole('button', { name: 'Decline' }).click();
  await expect(banner(page)).toBeHidden();
  await search(page, 'revoke token');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Search the documentation' })).toBeVisible();
  await search(page, 'domains');
  await page.waitForLoadState('networkidle');
  await expect(banner(page)).toBeHidden();
  expect(tracked).toEqual([]);
  expect(await anonymousCookies(context)).toEqual([]);

  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie preferences' }).click();
  await expect(banner(page)).toBeFocused();
  await expect(banner(page)).toContainText('You have declined analytics.');
  const script = page.waitForRequest((req) => new URL(req.url()).pathname === SITE_INSIGHTS_SCRIPT_PATH);
  await banner(page).getByRole('button', { name: 'Accept' }).click();
  await script;
});

test('the dashboard sends no upgrade event before consent', async ({ page }) => {
  const { tracked } = watch(page);
  await signUp(page);
  await expect(banner(page)).toBeVisible();
  await page.keyboard.press('Control+K');
  await page.getByRole('combobox', { name: 'Search commands' }).fill('upgrade');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.waitForLoadState('networkidle');
  expect(tracked).toEqual([]);

  // Not staff: Ctrl+Shift+A does nothing.
  await page.keyboard.press('Control+Shift+A');
  await expect(page.getByRole('complementary', { name: 'Analytics overlay' })).toHaveCount(0);
});

test('the analytics overlay shows staff the events as they fire, newest first; others never get it', async ({
  browser,
  baseURL,
}) => {
  const staff = await staffApi(baseURL!);
  const context = await browser.newContext({
    storageState: await staff.storageState(),
    extraHTTPHeaders: clientAddress(),
  });
  const page = await context.newPage();
  await page.goto('/docs');
  await acceptAnalytics(page);
  const overlay = page.getByRole('complementary', { name: 'Analytics overlay' });
  await expect(async () => {
    await page.keyboard.press('Control+Shift+A');
    await expect(overlay).toBeVisible({ timeout: 500 });
  }).toPass();
  // Other trackers (the activity records) announce their own events too: find each by its content.
  const items = overlay.getByRole('listitem');
  const script = items.filter({ hasText: SITE_INSIGHTS_SCRIPT_PATH }).first();
  await expect(script).toContainText('insights');
  await search(page, 'revoke token');
  const searched = items.filter({ hasText: 'Docs results viewed' }).first();
  await expect(searched).toContainText('search');
  await expect(searched).toContainText('nimbus_docs');
  // Newest first: the search came after the script loaded, so it is listed above it.
  const texts = await items.allInnerTexts();
  const at = (needle: string) => texts.findIndex((t) => t.includes(needle));
  expect(at('Docs results viewed')).toBeLessThan(at(SITE_INSIGHTS_SCRIPT_PATH));
  await page.keyboard.press('Control+Shift+A');
  await expect(overlay).toBeHidden();
  await context.close();
  await staff.dispose();

  // Another visitor, consent given and events firing: the key does nothing.
  const other = await browser.newContext({ extraHTTPHeaders: clientAddress() });
  const visitor = await other.newPage();
  await visitor.goto('/docs');
  await acceptAnalytics(visitor);
  await search(visitor, 'revoke token');
  await visitor.keyboard.press('Control+Shift+A');
  await expect(visitor.getByRole('complementary', { name: 'Analytics overlay' })).toHaveCount(0);
  await other.close();
});
