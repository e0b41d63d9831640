// The page shell in the dashboard (docs/spec.md §2): theme switch with its meta colour, skip link, titles,
// landmarks and contrast, and zone routing that the [team] segment must not shadow.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { signUp, test } from './helpers';

const themeColor = (page: Page) => page.locator('meta[name="theme-color"]:not([media])');

async function chooseTheme(page: Page, theme: 'light' | 'dark' | 'system') {
  await page.getByRole('button', { name: /Open user menu/ }).click();
  await page.getByRole('radio', { name: theme }).click();
  await page.keyboard.press('Escape');
}

test('switches between dark and light, with the meta colour, and remembers the choice', async ({ page }) => {
  await signUp(page);
  await chooseTheme(page, 'dark');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(themeColor(page)).toHaveAttribute('content', '#0a0a0a');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  await chooseTheme(page, 'light');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(themeColor(page)).toHaveAttribute('content', '#ffffff');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
});

test('the first Tab reaches "Skip to content", and Enter jumps to the main content', async ({ page }) => {
  const { slug } = await signUp(page);
  await page.goto(`/${slug}`);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator('main#main')).toBeInViewport();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main')?.id)).toBe('main');
});

test('every account page has one main landmark, a title and no contrast or ARIA violations in both themes', async ({
  page,
}) => {
  const { slug } = await signUp(page);
  const pages = [
    `/${slug}`,
    `/${slug}/~/settings`,
    `/${slug}/~/settings/members`,
    '/new/team',
    '/account',
    '/account/tokens',
  ];
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const path of pages) {
      await page.goto(path);
      await expect(page.locator('main#main')).toHaveCount(1);
      await expect(page).toHaveTitle(/ – Nimbus$/);
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(
        violations.map((v) => `${theme} ${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    }
  }
  await page.context().clearCookies();
  for (const path of [
    '/login',
    '/signup',
    '/two-factor-required?teamSlug=acme',
    '/login/scope/acme?next=%2Facme&missingScope=1',
  ]) {
    await page.goto(path);
    await expect(page.locator('main#main')).toHaveCount(1);
    await expect(page).toHaveTitle(/ – Nimbus$/);
  }
});

test('other zones keep their paths (/, /pricing) and unknown teams are 404s', async ({ page }) => {
  await signUp(page);
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('button', { name: /Switch scope/ })).toHaveCount(0);
  const pricing = await page.goto('/pricing');
  expect(pricing?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Team not found' })).toHaveCount(0);
  const missing = await page.goto('/no-such-team-here');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Team not found' })).toBeVisible();
  await page.context().clearCookies();
  expect((await page.goto('/favicon.ico.missing'))?.status()).toBe(404);
});
