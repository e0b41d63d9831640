// The team's Billing settings in self-hosted billing (no Stripe keys on the test server): the
// operator's note instead of a test-mode badge, the Pro trial, billing details saved, and cancelling
// Pro at the end of the trial after the list of what stops working.

import { PRO_TRIAL_DAYS } from '@nimbus/core';
import { expect } from '@playwright/test';
import { acceptAnalytics, signUp, test } from './helpers';

test('self-hosted billing: trial, billing details, and cancel at period end with what stops working', async ({
  page,
}) => {
  await signUp(page);
  const created = await page.request.post('/api/v1/teams', { data: { name: `Billing ${Date.now()}` } });
  const team = await created.json();
  await page.goto(`/${team.slug}/~/settings/billing`);
  await acceptAnalytics(page);

  const plan = page.locator('#plan');
  await expect(plan.getByRole('heading', { name: /Hobby plan/ })).toBeVisible();
  await expect(plan.getByTestId('self-hosted-billing')).toContainText('managed by the operator');
  await expect(plan.getByText('Test mode')).toHaveCount(0);
  await expect(page.locator('#payment-method')).toHaveCount(0);

  await plan.getByRole('button', { name: 'Upgrade to Pro' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro' });
  await upgrade.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(upgrade).toBeHidden();
  await expect(plan.getByRole('heading', { name: /Pro plan/ })).toBeVisible();
  await expect(plan.getByText('Trialing')).toBeVisible();

  const details = page.locator('#billing-details');
  await details.getByLabel('Name on invoices').fill('Billing Journey GmbH');
  await details.getByLabel('Address', { exact: true }).fill('1 Main St');
  await details.getByLabel('City').fill('Berlin');
  await details.getByLabel('Postal code').fill('10115');
  await details.getByLabel('Country code').fill('D1');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByRole('alert')).toContainText('two-letter country code');
  await details.getByLabel('Country code').fill('DE');
  await details.getByLabel('Tax id (VAT)').fill('DE123456789');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Billing details saved.')).toBeVisible();
  await page.reload();
  await expect(details.getByLabel('Name on invoices')).toHaveValue('Billing Journey GmbH');
  await expect(details.getByLabel('Tax id (VAT)')).toHaveValue('DE123456789');

  // A pending invitation holds a second seat, which Hobby does not have.
  const invited = await page.request.post(`/api/v1/teams/${team.id}/members`, {
    data: { email: `seat-${Date.now()}@example.com`, role: 'MEMBER' },
  });
  expect(invited.status()).toBe(200);

  await page.locator('#cancel').getByRole('button', { name: 'Cancel Pro…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel Pro at the end of the period?' });
  const losses = confirm.getByRole('list', { name: 'What stops working' });
  await expect(losses).toContainText('this team has 2');
  await expect(losses).toContainText('Builds run 1 at a time instead of 4.');
  await confirm.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(confirm).toBeHidden();

  const trialEnd = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.now() + PRO_TRIAL_DAYS * 86_400_000);
  const cancel = page.locator('#cancel');
  await expect(cancel).toContainText(`Pro ends on ${trialEnd}`);
  await expect(plan.getByRole('heading', { name: /Pro plan/ })).toBeVisible();
  await cancel.getByRole('button', { name: 'Keep Pro' }).click();
  await expect(cancel.getByRole('button', { name: 'Cancel Pro…' })).toBeVisible();
});
