// The contact and demo forms (issue #4): a lead is stored with its company size, staff list it, and
// everyone else is refused.
import { expect, test } from '@playwright/test';
import { staffApi } from './public-helpers';

test('a demo request is stored with the company size and staff can list it', async ({ page, baseURL, request }) => {
  const email = `buyer-${Date.now()}@example.com`;
  await page.goto('/contact/sales/demo');
  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByRole('textbox', { name: 'Company', exact: true }).fill('Navy Labs');
  await page.getByLabel('Company size').selectOption('1000-4999');
  await page.getByLabel('How can we help?').fill('Forty sites, all static, some on a VPS.');
  await page.getByRole('button', { name: 'Request a demo' }).click();
  await expect(page.getByRole('status')).toContainText('Message received');

  const staff = await staffApi(baseURL!);
  const { leads } = await (await staff.get('/api/v1/leads?kind=demo')).json();
  expect(leads.find((lead: { email: string }) => lead.email === email)).toMatchObject({
    kind: 'demo',
    name: 'Grace Hopper',
    company: 'Navy Labs',
    companySize: '1000-4999',
    aboveSizeThreshold: true,
    sourcePath: '/contact/sales/demo',
  });
  await staff.dispose();
  expect((await request.get('/api/v1/leads')).status()).toBe(403);
});

test('the sales form shows the API message when the input is refused, and keeps the form', async ({ page }) => {
  await page.goto('/contact');
  await page.getByLabel('Full name').fill('   ');
  await page.getByLabel('Work e-mail').fill(`blank-${Date.now()}@example.com`);
  await page.getByRole('textbox', { name: 'Company', exact: true }).fill('Blank Inc');
  await page.getByLabel('Company size').selectOption('1-49');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('name: Tell us your name.');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
});
