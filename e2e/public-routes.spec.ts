// Every public page (issue #4): server-rendered with 200, its own title and description, an Open
// Graph image, one main landmark, no accessibility violations; plus sitemap, robots and the image
// optimiser with the spec's sizes and quality.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { unavailableClaims } from '../apps/web/lib/unavailable-features';
import { COLOUR_RULES } from './helpers';
import { ROUTES } from './public-helpers';

test('every public route answers 200, server-rendered, with its own title, a description and an Open Graph image', async ({
  request,
}) => {
  const titles = new Map<string, string>();
  for (const path of ROUTES) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
    expect(title, `${path} has a title`).toBeTruthy();
    expect(titles.get(title!), `${path} shares its title "${title}"`).toBeUndefined();
    titles.set(title!, path);
    expect(html, `${path} has a description`).toMatch(/<meta name="description" content="[^"]{40,}"/);
    expect(html, `${path} has an Open Graph image`).toMatch(/<meta property="og:image" content="[^"]+"/);
    expect(html.match(/<main id="main"/g), `${path} has one main`).toHaveLength(1);
  }
});

test('no public page claims a feature Nimbus does not have (apps/web/lib/unavailable-features.ts)', async ({
  request,
}) => {
  for (const path of [...ROUTES, '/blog/self-hosting-nimbus-on-postgres', '/docs/self-hosting', '/docs/deployments']) {
    const html = await (await request.get(path)).text();
    const text = html
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    expect(unavailableClaims(text), path).toEqual([]);
  }
});

test('unknown posts and docs pages are 404, not empty pages', async ({ request }) => {
  for (const path of ['/blog/no-such-post', '/docs/no-such-page', '/docs/index', '/guides/nope', '/help/nope'])
    expect((await request.get(path)).status(), path).toBe(404);
});

test("an unknown post or doc shows the site's own 404 with its header and ways back", async ({ page }) => {
  for (const [path, back] of [
    ['/blog/no-such-post', 'Back to the home page'],
    ['/docs/no-such-page', 'Back to the docs'],
    ['/guides/nope', 'Back to the docs'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' }), path).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Nimbus home' }), path).toBeVisible();
    await expect(page.getByRole('contentinfo'), path).toBeVisible();
    await page.getByRole('link', { name: back }).click();
    await expect(page).toHaveURL(back === 'Back to the docs' ? '/docs' : '/');
  }
});

test('public pages have no WCAG A/AA violations, in the light and the dark theme', async ({ page }) => {
  test.setTimeout(300_000);
  for (const theme of ['light', 'dark'] as const) {
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const path of theme === 'light'
      ? ROUTES
      : ['/', '/pricing', '/docs/teams-and-roles', '/blog/feature-flags', '/design', '/ship']) {
      await page.goto(path);
      const axe = new AxeBuilder({ page });
      const { violations } = await (theme === 'light'
        ? axe.withTags(['wcag2a', 'wcag2aa'])
        : axe.withRules(COLOUR_RULES)
      ).analyze();
      expect(
        violations.map((v) => `${theme} ${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    }
  }
});

test('the sitemap lists every public page and robots.txt points at it', async ({ request, baseURL }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of ROUTES) expect(sitemap, path).toContain(`<loc>${baseURL}${path === '/' ? '' : path}</loc>`);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain('Disallow: /api/');
});

test('Open Graph images are real PNGs, one per blog post', async ({ request }) => {
  const html = await (await request.get('/blog/feature-flags')).text();
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!;
  expect(image).toContain('/blog/feature-flags/opengraph-image');
  const res = await request.get(new URL(image).pathname + new URL(image).search);
  expect(res.headers()['content-type']).toBe('image/png');
  expect((await res.body()).subarray(1, 4).toString()).toBe('PNG');
});

test('the image optimiser serves the spec device sizes at quality 75 and refuses other sizes', async ({
  page,
  request,
}) => {
  await page.goto('/ship');
  const srcset = await page.getByRole('img', { name: /Ship stage/ }).getAttribute('srcset');
  const widths = [...srcset!.matchAll(/ (\d+)w/g)].map(([, w]) => Number(w));
  expect(widths).toEqual([640, 750, 828, 1080, 1200, 1920, 2048, 3840]);
  const src = new URL(/^(\S+) 640w/.exec(srcset!)![1]!, 'http://x');
  expect(src.searchParams.get('q')).toBe('75');
  const ok = await request.get(`${src.pathname}${src.search}`, { headers: { accept: 'image/webp' } });
  expect(ok.status()).toBe(200);
  expect(ok.headers()['content-type']).toBe('image/webp');
  src.searchParams.set('w', '700');
  expect((await request.get(`${src.pathname}${src.search}`)).status()).toBe(400);
  src.searchParams.set('w', '64');
  src.searchParams.set('q', '90');
  expect((await request.get(`${src.pathname}${src.search}`)).status()).toBe(400);
});
