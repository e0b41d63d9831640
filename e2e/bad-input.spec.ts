// Bad input in the dashboard: an address holding a NUL byte is a 400 from the front server, not a
// failed page; the API answers the same in its error envelope. A sensitive variable shows no value
// and no Reveal, even to its owner.
import { expect } from '@playwright/test';
import { uniqueName } from './dashboard-helpers';
import { signUp, test } from './helpers';

test('a NUL byte in a dashboard address or an API path is a 400', async ({ page }) => {
  const { slug } = await signUp(page);
  for (const address of [`/${slug}%00`, `/${slug}/site%00/settings`, '/new?teamSlug=a%00b']) {
    const res = await page.goto(address);
    expect(res?.status(), address).toBe(400);
    await expect(page.getByText('the address contains a NUL character')).toBeVisible();
  }
  const api = await page.request.get('/api/v9/projects/site%00');
  expect(api.status()).toBe(400);
  expect((await api.json()).error).toEqual({ code: 'bad_request', message: expect.stringMatching(/NUL character/) });
  expect((await page.goto(`/${slug}`))?.status()).toBe(200);
});

test('a sensitive variable has no value and no Reveal in the dashboard', async ({ page }) => {
  const { slug } = await signUp(page);
  const name = uniqueName('sensitive-site');
  const headers = { origin: new URL(page.url()).origin };
  expect((await page.request.post('/api/v11/projects', { data: { name }, headers })).status()).toBe(200);
  const created = await page.request.post(`/api/v10/projects/${name}/env`, {
    data: { key: 'API_SECRET', value: 'never-shown', type: 'sensitive', target: ['production'] },
    headers,
  });
  expect(created.status()).toBe(201);
  await page.goto(`/${slug}/${name}/settings/environment-variables`);
  const row = page.getByRole('list', { name: 'Variables' }).getByRole('listitem').filter({ hasText: 'API_SECRET' });
  await expect(row).toContainText('Sensitive');
  await expect(row.getByRole('button', { name: 'Reveal API_SECRET' })).toHaveCount(0);
  await expect(page.getByText('never-shown')).toHaveCount(0);
});
