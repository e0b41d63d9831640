// Tracing and server errors (issue #18): a staff user triggers a request that fails with a 500 (the
// diagnostic route that throws on purpose), finds its server error on /admin/traces and opens its
// trace-id page, whose waterfall shows spans from the front server, the API and the database. The
// pages are not found for anyone else. The fraud-detection script is on the production host's
// sign-up page only.
import { randomInt } from 'node:crypto';
import { expect } from '@playwright/test';
import { signUp, test } from './helpers';
import { staffApi } from './public-helpers';

/**
 * A new trace id that the sampler keeps: OpenTelemetry's ratio sampler XORs its four 32-bit words and
 * keeps what lands under the ratio, here under a tenth of the range. Only a sampled request records
 * the API's and the database's spans; a failure that was not sampled keeps its root span alone.
 */
function sampledTraceId(): string {
  const words = [0, 1, 2].map(() => randomInt(0, 2 ** 32));
  const target = randomInt(1, Math.floor(0.1 * 0xffffffff));
  const first = words.reduce((acc, w) => (acc ^ w) >>> 0, target);
  return [first, ...words].map((w) => w.toString(16).padStart(8, '0')).join('');
}

test('a staff user opens the trace of a failed request from /admin/traces', async ({ page, baseURL }) => {
  const staff = await staffApi(baseURL!);
  await page.context().addCookies((await staff.storageState()).cookies);
  await staff.dispose();

  const sampled = sampledTraceId();
  const failed = await page.request.get('/api/v1/admin/diagnostics/error', {
    headers: { traceparent: `00-${sampled}-b7ad6b7169203331-01` },
  });
  expect(failed.status()).toBe(500);
  expect((await failed.json()).error.code).toBe('internal_server_error');
  const requestId = failed.headers()['x-nimbus-id'];
  expect(requestId).toMatch(/^req_[0-9a-f]{20}$/);
  const traceId = /^00-([0-9a-f]{32})-[0-9a-f]{16}-0[01]$/.exec(failed.headers().traceparent ?? '')?.[1];
  expect(traceId).toBe(sampled);

  // Spans reach the database in batches about a second after the request.
  await expect(async () => {
    await page.goto('/admin/traces');
    const row = page.getByRole('row').filter({ hasText: requestId! });
    await expect(row).toContainText('Diagnostic error');
    await expect(page.getByRole('link', { name: /GET \/api\/v1\/admin\/diagnostics\/error/ }).first()).toBeVisible();
  }).toPass({ timeout: 15_000 });

  await page.getByRole('row').filter({ hasText: requestId! }).getByRole('link', { name: traceId! }).click();
  await expect(page).toHaveURL(`/admin/traces/${traceId}`);
  await expect(page.getByRole('heading', { name: `Trace ${traceId}` })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Diagnostic error' })).toBeVisible();
  const spans = page.getByRole('list', { name: 'Spans' });
  await expect(spans.locator('li[data-layer="Front server"]')).toHaveCount(1);
  await expect(spans.locator('li[data-layer="Front server"]')).toContainText('GET /api/v1/admin/diagnostics/error');
  await expect(spans.locator('li[data-layer="API"]')).toContainText('API GET /v1/admin/diagnostics/error');
  expect(await spans.locator('li[data-layer="Database"]').count()).toBeGreaterThan(0);
  // Attributes open under a span.
  await spans.locator('li[data-layer="API"] summary').click();
  await expect(spans.locator('li[data-layer="API"]')).toContainText('http.response.status_code');
});

test('trace pages are not found for a user who is not staff', async ({ page }) => {
  await signUp(page);
  for (const path of ['/admin/traces', '/admin/traces/0af7651916cd43dd8448eb211c80319c', '/admin/risk']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  expect((await page.request.get('/api/v1/admin/traces')).status()).toBe(403);
});

test('the fraud-detection script is on the production host only, with its session cookie', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/signup');
  await expect(page.locator('script[src="/api/v1/risk/script.js"]')).toHaveCount(1);
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'nimbus_risk_sid')).toBe(true);
  const port = new URL(baseURL!).port;
  const other = await request.get('/signup', { headers: { host: `127.0.0.1:${port}` } });
  expect(await other.text()).not.toContain('/api/v1/risk/script.js');
});
