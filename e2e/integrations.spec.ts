// The Integrations page of team settings (issue 20): a webhook added there shows its secret once,
// receives a signed project.created delivery at a receiver this test starts, and the page lists that
// delivery with its attempt's status.
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { expect } from '@playwright/test';
import { uniqueName } from './dashboard-helpers';
import { signUp, test } from './helpers';

test('adds a webhook on the Integrations page and lists its signed deliveries', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const received: { signature: string; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ signature: String(req.headers['x-vercel-signature']), body: Buffer.concat(chunks).toString() });
      res.end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  try {
    const { slug } = await signUp(page);
    await page.goto(`/${slug}/~/settings`);
    await page.getByRole('navigation', { name: 'Team settings' }).getByRole('link', { name: 'Integrations' }).click();
    await expect(page.getByText('No webhooks yet.')).toBeVisible();

    const form = page.getByRole('form', { name: 'Add a webhook' });
    await form.getByLabel('Endpoint URL').fill(hookUrl);
    await form.getByLabel('project.created').check();
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const secret = (await page
      .locator('code')
      .filter({ hasText: /^[0-9a-f]{48}$/ })
      .textContent())!;
    const hooks = page.getByRole('list', { name: 'Webhooks' });
    await expect(hooks.getByText(hookUrl)).toBeVisible();

    const name = uniqueName('hooked');
    const created = await page.request.post('/api/v11/projects', {
      data: { name },
      headers: { origin: baseURL! },
    });
    expect(created.status()).toBe(200);
    // The worker role sends it within a few seconds; then the page lists the delivery and its attempt.
    await expect
      .poll(() => received.filter((r) => JSON.parse(r.body).payload?.project?.name === name).length, {
        timeout: 30_000,
      })
      .toBe(1);
    await page.reload();
    const table = page.getByRole('table', { name: `Deliveries to ${hookUrl}` });
    await expect(table.getByRole('row').nth(1)).toContainText('project.created');
    await expect(table.getByRole('row').nth(1)).toContainText('200');
    const delivery = received.find((r) => JSON.parse(r.body).payload?.project?.name === name)!;
    expect(delivery.signature).toBe(createHmac('sha1', secret).update(delivery.body).digest('hex'));
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
