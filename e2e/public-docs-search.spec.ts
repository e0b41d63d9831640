// Docs search (issue #4): the index built at build time finds a page by keyboard, and the views,
// clicks and conversions go through search-insights to POST /api/insights/1/events with the fields
// of docs/spec.md §3, where staff can read them back, once the visitor accepts analytics.
import { expect, type Request, test } from '@playwright/test';
import { acceptAnalytics } from './helpers';
import { staffApi } from './public-helpers';

interface SentEvent {
  eventType: string;
  eventName: string;
  index: string;
  userToken: string;
  queryID?: string;
  objectIDs?: string[];
  positions?: number[];
  objectData?: { queryID?: string }[];
}

test('finds a page from the keyboard and records the view, the click and the conversion', async ({
  page,
  context,
  baseURL,
}) => {
  const sent: { url: URL; events: SentEvent[] }[] = [];
  page.on('request', (req: Request) => {
    if (req.url().includes('/api/insights/1/events'))
      sent.push({ url: new URL(req.url()), events: req.postDataJSON().events });
  });
  const answers: number[] = [];
  page.on('response', (res) => res.url().includes('/api/insights/1/events') && answers.push(res.status()));

  await page.goto('/docs');
  await acceptAnalytics(page);
  const box = page.getByRole('combobox', { name: 'Search the documentation' });
  // The shortcut works once the page is interactive: press until the box takes the focus.
  await expect(async () => {
    await page.keyboard.press('/');
    await expect(box).toBeFocused({ timeout: 500 });
  }).toPass();
  await box.fill('revoke token');
  const results = page.getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('option').first()).toContainText('API tokens');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(results.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/docs/tokens');
  await expect(page.getByRole('heading', { level: 1, name: 'API tokens' })).toBeVisible();

  await expect
    .poll(() =>
      sent
        .flatMap((s) => s.events)
        .map((e) => e.eventType)
        .sort(),
    )
    .toEqual(['click', 'view']);
  const view = sent.flatMap((s) => s.events).find((e) => e.eventType === 'view')!;
  const click = sent.flatMap((s) => s.events).find((e) => e.eventType === 'click')!;
  expect(view.objectIDs).toContain('/docs/tokens');
  expect(click).toMatchObject({
    index: 'nimbus_docs',
    queryID: view.queryID,
    objectIDs: ['/docs/tokens'],
    positions: [1],
  });
  expect(click.userToken).toMatch(/^anonymous-[0-9a-f-]{36}$/);
  expect(sent[0]!.url.searchParams.get('X-Algolia-Application-Id')).toBe('nimbus-docs');
  expect(sent[0]!.url.searchParams.get('X-Algolia-API-Key')).toBeTruthy();

  const cookie = (await context.cookies()).find((c) => c.name === '_ALGOLIA')!;
  expect(cookie.value).toBe(click.userToken);
  const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(179);
  expect(days).toBeLessThan(181);

  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('status')).toHaveText('Thanks! Glad it helped.');
  await expect.poll(() => sent.flatMap((s) => s.events).some((e) => e.eventType === 'conversion')).toBe(true);
  const conversion = sent.flatMap((s) => s.events).find((e) => e.eventType === 'conversion')!;
  expect(conversion).toMatchObject({ objectIDs: ['/docs/tokens'], userToken: click.userToken });
  expect(conversion.objectData?.[0]?.queryID).toBe(click.queryID);
  await expect.poll(() => answers.length).toBe(sent.length);
  expect(answers.every((status) => status === 200)).toBe(true);

  const staff = await staffApi(baseURL!);
  const stored = await (await staff.get(`/api/v1/insights/events?queryID=${click.queryID}`)).json();
  expect(stored.events.map((e: { eventType: string }) => e.eventType).sort()).toEqual(['click', 'conversion', 'view']);
  expect(stored.events.find((e: { eventType: string }) => e.eventType === 'click')).toMatchObject({
    objectIDs: ['/docs/tokens'],
    positions: [1],
    userToken: click.userToken,
  });
  await staff.dispose();
});

test('Escape clears the search, and a query with no match says so', async ({ page }) => {
  await page.goto('/guides');
  const box = page.getByRole('combobox', { name: 'Search the documentation' });
  await box.click();
  await box.fill('xylophone');
  await expect(page.getByRole('listbox', { name: 'Search results' })).toContainText('No pages match');
  await page.keyboard.press('Escape');
  await expect(box).toHaveValue('');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
});

test('the API reference lists every tag of the OpenAPI document with methods, parameters and responses', async ({
  page,
  request,
}) => {
  const doc = await (await request.get('/api/openapi.json')).json();
  const tags = new Set<string>(
    Object.values(doc.paths).flatMap((item) =>
      Object.values(item as Record<string, { tags?: string[] }>).map((op) => op.tags?.[0] ?? 'Other'),
    ),
  );
  await page.goto('/docs/api-reference');
  for (const tag of tags) await expect(page.getByRole('heading', { level: 2, name: tag, exact: true })).toBeVisible();
  const leads = page.locator('section', { has: page.getByRole('heading', { level: 3, name: 'GET /v1/leads' }) });
  await expect(leads.getByText('limit')).toBeVisible();
  await expect(leads.getByText('leads[].companySize')).toBeVisible();
  await expect(leads.getByText('Needs a bearer token or the session cookie.')).toBeVisible();
});
