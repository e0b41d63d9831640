// Zones and the page shell on the public site (docs/spec.md §2): the zone table at its well-known path,
// cross-zone links as full navigations prefetched on hover or focus, same-zone links as client-side
// navigations, the theme switch, and the redirect of browsers without CSS variables.
import { expect, type Page, test } from '@playwright/test';

const marker = (page: Page) => page.evaluate(() => (window as unknown as { __stay?: number }).__stay);
const setMarker = (page: Page) => page.evaluate(() => ((window as unknown as { __stay?: number }).__stay = 1));
const header = (page: Page) => page.getByRole('navigation', { name: 'Main', exact: true });

test('the zone table is served at /.well-known/nimbus/zones.json', async ({ request }) => {
  const zones = await (await request.get('/.well-known/nimbus/zones.json')).json();
  expect(zones.default).toBe('dashboard');
  expect(zones.zones.find((z: { name: string }) => z.name === 'docs').prefixes).toEqual(['/docs', '/guides', '/help']);
});

test('a cross-zone link is prefetched once on hover, and followed with a full navigation', async ({ page }) => {
  await page.goto('/pricing');
  const prefetches = page.locator('link[rel="prefetch"][href="/docs"]');
  await expect(prefetches).toHaveCount(0);
  const fetched = page.waitForRequest((req) => new URL(req.url()).pathname === '/docs');
  await header(page).getByRole('link', { name: 'Docs' }).hover();
  await fetched;
  await expect(prefetches).toHaveCount(1);
  await page.mouse.move(0, 0);
  await header(page).getByRole('link', { name: 'Docs' }).hover();
  await expect(prefetches).toHaveCount(1);

  await setMarker(page);
  await header(page).getByRole('link', { name: 'Docs' }).click();
  await expect(page).toHaveURL('/docs');
  expect(await marker(page)).toBeUndefined();
});

test('a cross-zone link is prefetched when it gets keyboard focus', async ({ page }) => {
  await page.goto('/docs');
  await page.getByRole('link', { name: 'Log in' }).focus();
  await expect(page.locator('link[rel="prefetch"][href="/login"]')).toHaveCount(1);
});

test('a same-zone link navigates without reloading the page', async ({ page }) => {
  await page.goto('/pricing');
  await setMarker(page);
  await header(page).getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL('/blog');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('News and notes from the Nimbus team');
  expect(await marker(page)).toBe(1);
  await expect(header(page).getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
});

test('the footer theme switch applies dark and light, sets the meta colour and is remembered', async ({ page }) => {
  await page.goto('/');
  const theme = page.getByRole('radiogroup', { name: 'Theme' });
  await theme.getByRole('radio', { name: 'dark' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.locator('meta[name="theme-color"]:not([media])')).toHaveAttribute('content', '#0a0a0a');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(10, 10, 10)');
  await page.goto('/docs');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'light' }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
});

test('a browser without CSS variables goes to /old-browser.html unless told to ignore the check', async ({ page }) => {
  await page.addInitScript(() => {
    CSS.supports = () => false;
  });
  await page.goto('/pricing');
  await expect(page).toHaveURL('/old-browser.html');
  await expect(page).toHaveTitle(/update your browser/i);
  await page.evaluate(() => localStorage.setItem('ignoreBrowserCheck', '1'));
  await page.goto('/pricing');
  await expect(page).toHaveURL('/pricing');
});
