// The dashboard and the API refuse to be framed and carry the safety headers; deployment hosts keep
// the user's own headers; the data directory is readable by the Nimbus user alone.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const SAFETY_HEADERS = {
  'content-security-policy': "frame-ancestors 'none'; base-uri 'self'; object-src 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

for (const url of ['/login', '/device', '/api/v2/user', '/api/no-such-route', '/v2/user']) {
  test(`${url} carries the safety headers`, async ({ request }) => {
    const response = await request.get(url, { maxRedirects: 0 });
    expect(response.status()).toBeLessThan(500);
    const headers = response.headers();
    for (const [name, value] of Object.entries(SAFETY_HEADERS)) expect(headers[name], name).toBe(value);
    // The e2e server runs on http: HSTS would pin a name without a certificate.
    expect(headers['strict-transport-security']).toBeUndefined();
  });
}

test('a deployment host is the user content: no dashboard headers on it', async ({ request }) => {
  const response = await request.get('/', { headers: { Host: 'no-such-deployment.localhost' } });
  expect(response.status()).toBe(404);
  expect(response.headers()['x-frame-options']).toBeUndefined();
  expect(response.headers()['content-security-policy']).toBeUndefined();
});

test('the device approval page cannot be framed by another site', async ({ page, baseURL }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors|Refused to display/i.test(message.text())) blocked.push(message.text());
  });
  // An attacker's page (about:blank has an opaque origin) frames the device page.
  await page.setContent(`<iframe id="f" src="${baseURL}/device"></iframe>`);
  await expect.poll(() => blocked.length).toBeGreaterThan(0);
  const framed = await Promise.all(
    page.frames().map((f) =>
      f
        .locator('body')
        .textContent()
        .catch(() => ''),
    ),
  );
  expect(framed.join('\n')).not.toContain('Sign in the nimbus CLI');
});

test('the data directory: folders 700, files 600', () => {
  const dir = process.env.E2E_DATA_DIR!;
  const loose: string[] = [];
  const walk = (p: string) => {
    const stat = statSync(p);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) loose.push(`${p} ${mode.toString(8)}`);
      for (const name of readdirSync(p)) walk(path.join(p, name));
    } else if (mode !== 0o600 && (mode & 0o077) !== 0) {
      loose.push(`${p} ${mode.toString(8)}`);
    }
  };
  walk(dir);
  expect(loose).toEqual([]);
});
