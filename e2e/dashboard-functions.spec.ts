// The deployment page lists a deployment's functions: a Build Output tree sent through the plain API
// (as `vercel deploy --prebuilt` does) shows its function's path linked to the deployment, its
// runtime and limits, and the way to the project's Logs tab; a static deployment shows no such section.
import { expect, type Page } from '@playwright/test';
import { uniqueName } from './dashboard-helpers';
import { signUp, test } from './helpers';

type Files = Record<string, string>;

const PREBUILT: Files = {
  '.vercel/output/config.json': JSON.stringify({ version: 3 }),
  '.vercel/output/functions/api/hello.func/.vc-config.json': JSON.stringify({
    runtime: 'nodejs22.x',
    handler: 'index.js',
    memory: 512,
    maxDuration: 10,
  }),
  '.vercel/output/functions/api/hello.func/index.js': 'module.exports = (req, res) => res.end("hello");',
  '.vercel/output/functions/api/plain.func/.vc-config.json': JSON.stringify({
    runtime: 'nodejs22.x',
    handler: 'index.js',
  }),
  '.vercel/output/functions/api/plain.func/index.js': 'module.exports = (req, res) => res.end("plain");',
};

/** Sends `files` inline to POST /v13/deployments with the browser's session; returns the deployment id. */
async function deployThroughApi(page: Page, slug: string, name: string, files: Files, query = ''): Promise<string> {
  const res = await page.request.post(`/api/v13/deployments?slug=${slug}${query}`, {
    headers: { origin: new URL(page.url()).origin },
    data: {
      name,
      files: Object.entries(files).map(([file, content]) => ({
        file,
        data: Buffer.from(content).toString('base64'),
        encoding: 'base64',
      })),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).id;
}

async function openWhenReady(page: Page, slug: string, name: string, id: string) {
  await page.goto(`/${slug}/${name}/${id}`);
  await expect(
    page
      .getByRole('region', { name: 'Overview' })
      .getByRole('definition')
      .filter({ hasText: /^Ready/ })
      .first(),
  ).toBeVisible({ timeout: 90_000 });
}

test('the deployment page lists the functions of a Build Output deployment', async ({ page }) => {
  const { slug } = await signUp(page);
  const name = uniqueName('functions');
  const id = await deployThroughApi(page, slug, name, PREBUILT, '&prebuilt=1');
  await openWhenReady(page, slug, name, id);

  const functions = page.getByRole('region', { name: 'Functions' });
  await expect(functions).toBeVisible();
  const rows = functions.getByRole('table', { name: 'Functions' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  const hello = rows.filter({ hasText: '/api/hello' });
  await expect(hello.getByRole('cell')).toHaveText(['/api/hello', 'nodejs22.x', '512 MB', '10 s']);
  await expect(hello.getByRole('link', { name: '/api/hello' })).toHaveAttribute(
    'href',
    /^http:\/\/[a-z0-9-]+\.localhost:\d+\/api\/hello$/,
  );
  await expect(rows.filter({ hasText: '/api/plain' }).getByRole('cell')).toHaveText([
    '/api/plain',
    'nodejs22.x',
    '1024 MB (default)',
    '60 s (default)',
  ]);

  await functions.getByRole('link', { name: 'Logs' }).click();
  await expect(page).toHaveURL(`/${slug}/${name}/logs`);
  await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible();

  // A static deployment of the same project runs no code: no Functions section at all.
  const staticId = await deployThroughApi(page, slug, name, { 'index.html': '<h1>static</h1>' });
  const listed = page.waitForResponse((r) => r.url().includes(`/v1/deployments/${staticId}/functions`));
  await openWhenReady(page, slug, name, staticId);
  expect(await (await listed).json()).toEqual({ functions: [] });
  await expect(page.getByRole('region', { name: 'Files' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Functions' })).toHaveCount(0);
});
