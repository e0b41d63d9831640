// The public site feels finished: links and Open Graph images carry the server's own address, no
// page pans sideways on a phone, the docs menu folds above the article, slow navigations show the
// progress bar, the favicon and the filled logo, and a sign-up form that reports every problem at once.
import { expect, type Page, test } from '@playwright/test';
import { signUp } from './helpers';
import { ROUTES } from './public-helpers';

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test('Open Graph images and docs examples use NIMBUS_PUBLIC_URL, not localhost:3000', async ({ request, baseURL }) => {
  expect(baseURL).not.toContain(':3000');
  for (const path of ['/', '/pricing', '/blog/feature-flags', '/docs/getting-started']) {
    const html = await (await request.get(path)).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image, path).toMatch(new RegExp(`^${baseURL}/`));
  }
  for (const path of ['/docs/getting-started', '/docs/api', '/docs/vercel-clients', '/docs/tokens']) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain('http://localhost:3000');
    expect(html, path).toContain(baseURL);
  }
  const gettingStarted = await (await request.get('/docs/getting-started')).text();
  expect(gettingStarted).toContain(`${baseURL}/signup`);
});

test('no public page, nor /account/tokens, scrolls sideways at 390 px', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ROUTES) {
    await page.goto(path);
    expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
  }
  await signUp(page);
  await page.goto('/account/tokens');
  await page
    .getByRole('button', { name: /create token/i })
    .first()
    .click();
  await page.getByLabel(/name/i).first().fill(`a-rather-long-token-name-for-a-phone-${Date.now()}`);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.goto('/account/tokens');
  expect(await horizontalOverflow(page), '/account/tokens').toBeLessThanOrEqual(0);
});

test('on a phone the docs navigation is a menu above the article, so the title starts near the top', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/docs/teams-and-roles');
  const title = page.getByRole('heading', { level: 1 });
  expect((await title.boundingBox())!.y).toBeLessThan(400);
  const nav = page.getByRole('navigation', { name: 'Documentation' });
  await expect(nav).toBeHidden();
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Getting started' }).click();
  await page.waitForURL('**/docs/getting-started');
  await expect(nav).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav).toBeVisible();
  await expect(menu).toBeHidden();
});

test('docs search results are wider than the sidebar and not clipped by it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/docs');
  await page.getByRole('combobox').fill('deploy');
  const results = page.getByRole('listbox');
  await expect(results.getByRole('option').first()).toBeVisible();
  const box = (await results.boundingBox())!;
  const sidebar = (await page.getByRole('complementary', { name: 'Docs navigation' }).boundingBox())!;
  expect(box.width).toBeGreaterThan(sidebar.width + 100);
  // The point near the list's right edge is the list itself, not the article behind a clipped list.
  const onTop = await page.evaluate(
    ([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('[role="listbox"]'),
    [box.x + box.width - 8, box.y + 12],
  );
  expect(onTop).toBe(true);
});

test('a slow navigation shows the top progress bar until the page arrives', async ({ page }) => {
  // The page is held back until the bar has been seen, however slowly a busy machine draws it. The route is
  // held before the home page loads, so the link's prefetch waits too and the click cannot finish early.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/pricing**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  // On a loaded machine the scripts may still be arriving after the load event: a click before the bar's
  // module has run is a plain link, whose full page load the held route stalls with nothing to show. React
  // marks each element it has hydrated with a `__reactFiber` key; by then every client module has run.
  await page.waitForFunction(() => {
    const link = document.querySelector('header a[href="/pricing"]');
    return !!link && Object.keys(link).some((key) => key.startsWith('__reactFiber'));
  });
  await page.getByRole('banner').getByRole('link', { name: 'Pricing', exact: true }).click();
  await expect(page.locator('#nprogress .bar')).toBeVisible();
  release();
  await page.waitForURL('**/pricing');
  // Then the bar finishes: it fills, fades over PROGRESS.speed and is removed, slowly when the machine is busy.
  await expect(page.locator('#nprogress')).toHaveCount(0, { timeout: 15_000 });
});

test('every page has a favicon, and the logo is the same filled mark on public and sign-in pages', async ({
  page,
  request,
}) => {
  const ico = await request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toMatch(/image\//);
  for (const path of ['/', '/docs', '/login']) {
    await page.goto(path);
    const icon = await page.locator('head link[rel="icon"]').first().getAttribute('href');
    expect((await request.get(icon!)).status(), path).toBe(200);
    const mark = page.getByRole('link', { name: 'Nimbus home' }).locator('svg');
    expect(await mark.getAttribute('fill'), path).not.toBe('none');
  }
});

test('sign-up reports every field problem at once, an invalid e-mail before submitting; login links to a reset', async ({
  page,
}) => {
  let registrations = 0;
  page.on('request', (req) => {
    if (req.url().includes('/v2/registration')) registrations++;
  });
  await page.goto('/signup');
  await page.getByLabel('E-mail', { exact: true }).fill('not-an-address');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter a valid e-mail address, like you@example.com.')).toBeVisible();
  await expect(page.getByText('Use a password of at least 8 characters.')).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('E-mail', { exact: true })).toBeFocused();
  expect(registrations).toBe(0);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/forgot-password');
});

test('the home page shows the product on its first screen, and Products opens a menu of real pages', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const preview = page.getByRole('figure', { name: /A project in the Nimbus dashboard/ });
  await expect(preview).toBeInViewport({ ratio: 0.9 });
  await expect(preview.getByText('Production deployment', { exact: true })).toBeVisible();
  await expect(preview.getByText('Building')).toBeVisible();
  const products = page.getByRole('banner').getByRole('button', { name: 'Products' });
  await products.click();
  await expect(products).toHaveAttribute('aria-expanded', 'true');
  const menu = page.locator('#products-menu');
  const links = menu.getByRole('link');
  expect(await links.count()).toBeGreaterThanOrEqual(6);
  for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!)))
    expect((await request.get(href)).status(), href).toBe(200);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(products).toBeFocused();
  await products.click();
  await menu.getByRole('link', { name: /Deployments/ }).click();
  await page.waitForURL('**/docs/deployments');
});
