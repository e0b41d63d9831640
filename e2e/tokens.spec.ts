// API tokens in the browser (issue #2): created once, usable as a bearer token, revoked for good.
import { expect } from '@playwright/test';
import { createTeam, signUp, test } from './helpers';

test('creates a token shown once that works as a bearer token, then revokes it', async ({ page, request }) => {
  const { email } = await signUp(page);
  await page.goto('/account/tokens');
  await page.getByLabel('Token name').fill('CI');
  await page.getByLabel('Expiration').selectOption({ label: '30 days' });
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText('Copy your new token now. For your security it will not be shown again.')).toBeVisible();
  const secret = await page.getByLabel('New token').inputValue();
  expect(secret).toMatch(/^nmb_[A-Za-z0-9]{40}$/);

  const me = await request.get('/api/v2/user', { headers: { authorization: `Bearer ${secret}` } });
  expect(me.status()).toBe(200);
  expect((await me.json()).user.email).toBe(email);

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByLabel('New token')).toHaveCount(0);
  await page.reload();
  const row = page.getByRole('row', { name: /CI/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('Full account');
  await expect(row.getByRole('cell').nth(3)).not.toHaveText('Never');
  await expect(page.getByText(secret)).toHaveCount(0);

  await row.getByRole('button', { name: 'Revoke token CI' }).click();
  await page.getByRole('dialog', { name: 'Revoke token' }).getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByText('The token CI was revoked.')).toBeVisible();
  await expect(page.getByRole('row', { name: /CI/ })).toHaveCount(0);
  const after = await request.get('/api/v2/user', { headers: { authorization: `Bearer ${secret}` } });
  expect(after.status()).toBe(403);
});

test('limits a token to one team and lists it with that scope and no use yet', async ({ page }) => {
  await signUp(page);
  const team = `Token Team ${Date.now()}`;
  await createTeam(page, team);
  await page.goto('/account/tokens');
  await page.getByLabel('Token name').fill('deploy bot');
  await page.getByLabel('Scope', { exact: true }).selectOption({ label: team });
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByLabel('New token')).toHaveValue(/^nmb_/);
  const row = page.getByRole('row', { name: /deploy bot/ });
  await expect(row.getByRole('cell').nth(1)).toHaveText(team);
  await expect(row.getByRole('cell').nth(3)).toHaveText('Never');
  await expect(row.getByRole('cell').nth(4)).toHaveText('Never');
});

test('asks for a token name before calling the API', async ({ page }) => {
  await signUp(page);
  await page.goto('/account/tokens');
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByLabel('Token name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Give the token a name, such as the machine or service that will use it.')).toBeVisible();
});
