// The dashboard's modals (issue #5): transferring projects between the user's accounts (bulk from
// team settings, one from project settings with the speed-insights warning), and upgrading a team
// to a Pro trial from billing with the upgrade event recorded in the internal event stream.

import { PRO_TRIAL_DAYS } from '@nimbus/core';
import { expect, type Page } from '@playwright/test';
import { acceptAnalytics, signUp, test } from './helpers';

/** Calls the API as the logged-in browser (its session cookie) and returns the JSON answer. */
async function api<T = any>(page: Page, method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`/api${path}`, { method, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return res.json();
}

async function upgradeEvents(page: Page) {
  const { events } = await api<{ events: { record: Record<string, unknown> }[] }>(
    page,
    'GET',
    '/v1/stream/internal?topic=upgrade_modal&limit=100',
  );
  return events.map((e) => e.record);
}

test('moves projects to another team with the bulk transfer of team settings', async ({ page }) => {
  await signUp(page);
  const stamp = Date.now();
  const from = await api(page, 'POST', '/v1/teams', { name: `Source ${stamp}` });
  const to = await api(page, 'POST', '/v1/teams', { name: `Target ${stamp}` });
  const kept = await api(page, 'POST', `/v11/projects?teamId=${from.id}`, { name: `kept-${stamp}` });
  const moved = await api(page, 'POST', `/v11/projects?teamId=${from.id}`, { name: `moved-${stamp}` });

  await page.goto(`/${from.slug}/~/settings`);
  await page.getByRole('button', { name: 'Transfer projects' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer projects' });
  await expect(dialog.getByRole('checkbox', { name: kept.name })).not.toBeChecked();
  await dialog.getByRole('checkbox', { name: moved.name }).check();
  const destination = dialog.getByLabel('Destination');
  await expect(destination.getByRole('option', { name: `Source ${stamp}` })).toHaveCount(0);
  await destination.selectOption({ label: `Target ${stamp}` });
  await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page.getByText(`Moved "${moved.name}" to Target ${stamp}.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  expect((await page.request.get(`/api/v9/projects/${moved.name}?teamId=${to.id}`)).status()).toBe(200);
  expect((await page.request.get(`/api/v9/projects/${moved.name}?teamId=${from.id}`)).status()).toBe(404);
  expect((await page.request.get(`/api/v9/projects/${kept.name}?teamId=${from.id}`)).status()).toBe(200);
});

test('moves one project from its settings and warns about speed insights on a Pro destination', async ({ page }) => {
  const { slug } = await signUp(page, { name: 'Mover' });
  const stamp = Date.now();
  const pro = await api(page, 'POST', '/v1/teams', { name: `Pro ${stamp}` });
  await api(page, 'POST', `/v1/plan/change?teamId=${pro.id}`, { plan: 'pro' });
  const hobby = await api(page, 'POST', '/v1/teams', { name: `Hobby ${stamp}` });
  const name = `fast-${stamp}`;
  const project = await api(page, 'POST', '/v11/projects', { name });
  await api(page, 'PATCH', `/v9/projects/${project.id}`, { speedInsights: true });

  await page.goto(`/${slug}/${name}/settings`);
  const button = page.getByRole('button', { name: 'Transfer', exact: true });
  await button.hover();
  await button.click();
  const dialog = page.getByRole('dialog', { name: `Transfer ${name}` });
  await expect(dialog.getByRole('checkbox', { name })).toBeChecked();
  const destination = dialog.getByLabel('Destination');
  await destination.selectOption({ label: `Hobby ${stamp}` });
  await expect(dialog.getByText(/Speed Insights is enabled/)).toHaveCount(0);
  await destination.selectOption({ label: `Pro ${stamp}` });
  await expect(dialog.getByRole('status').filter({ hasText: 'Speed Insights is enabled' })).toContainText(
    `On Pro ${stamp}, a Pro team`,
  );
  await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
  await page.waitForURL(`/${pro.slug}/${name}`);
  expect((await page.request.get(`/api/v9/projects/${name}?teamId=${hobby.id}`)).status()).toBe(404);
  expect((await api(page, 'GET', `/v9/projects/${name}?teamId=${pro.id}`)).speedInsights.enabled).toBe(true);
});

test('upgrades a team to a 14-day Pro trial from billing and records the converted upgrade event', async ({ page }) => {
  await signUp(page);
  const team = await api(page, 'POST', '/v1/teams', { name: `Upgrade ${Date.now()}` });
  await page.goto(`/${team.slug}/~/settings`);
  await acceptAnalytics(page);
  await page.getByRole('navigation', { name: 'Team settings' }).getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL(`/${team.slug}/~/settings/billing`);
  const plan = page.locator('#plan');
  await expect(plan.getByRole('heading', { name: /Hobby plan/ })).toBeVisible();
  // No Stripe keys on the test server: self-hosted billing, so no test-mode badge.
  await expect(plan.getByText('Test mode')).toHaveCount(0);

  await plan.getByRole('button', { name: 'Upgrade to Pro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro' });
  await expect(dialog.getByLabel('Team')).toHaveValue(team.id);
  await expect(dialog.getByText('1 member × $20 per month')).toBeVisible();
  await dialog.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(dialog).toBeHidden();

  const trialEnd = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.now() + PRO_TRIAL_DAYS * 86_400_000);
  await expect(plan.getByRole('heading', { name: /Pro plan/ })).toBeVisible();
  await expect(plan.getByText('Trialing')).toBeVisible();
  await expect(plan.getByText(trialEnd)).toBeVisible();
  await expect(plan.getByText('14', { exact: true })).toBeVisible();

  const me = await api(page, 'GET', '/www/user');
  await expect
    .poll(async () => (await upgradeEvents(page)).find((r) => r.teamId === team.id))
    .toMatchObject({
      outcome: 'converted',
      mode: 'default',
      source: 'billing-settings',
      teamHint: team.slug,
      desiredTrialBehavior: 'trial',
      actualTrialBehavior: 'trial',
      conversionType: 'trial',
      actorId: me.user.id,
      teamCreatedAt: team.createdAt,
      priorPlan: 'hobby',
      newPlan: 'pro',
      cartTotal: 20,
      existingTeamMembers: 1,
      newTeamMembers: 0,
      reactivatedTeamMembers: 0,
      speedInsights: 0,
      additionalConcurrentBuilds: 0,
      previewDeploymentSuffix: false,
      passwordProtection: false,
      monitoring: false,
    });
});

test('records an abandoned upgrade with the time spent when the modal is closed', async ({ page }) => {
  await signUp(page);
  const team = await api(page, 'POST', '/v1/teams', { name: `Maybe ${Date.now()}` });
  await page.goto(`/${team.slug}`);
  await acceptAnalytics(page);
  await page.keyboard.press('Control+K');
  await page.getByRole('combobox', { name: 'Search commands' }).fill('upgrade');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro' });
  await expect(dialog.getByLabel('Team')).toHaveValue(team.id);
  await page.waitForTimeout(300);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => (await upgradeEvents(page)).find((r) => r.teamId === team.id))
    .toMatchObject({
      outcome: 'abandoned',
      source: 'command-menu',
      teamHint: team.slug,
      conversionType: null,
      newPlan: null,
      priorPlan: 'hobby',
    });
  const [event] = (await upgradeEvents(page)).filter((r) => r.teamId === team.id);
  expect(event!.timeInModalMs).toBeGreaterThanOrEqual(300);
});
