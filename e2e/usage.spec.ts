// The Usage page: a deployment visited in the browser shows up as counted edge requests and data
// transfer once the server's meter has written them, against what the Hobby plan includes; and a
// budget set in Spend management is kept.
import { expect } from '@playwright/test';
import { deployFolder, deploymentUrl, uniqueName, waitForState } from './dashboard-helpers';
import { personalSlugOf, signUp, test, uniqueEmail } from './helpers';

test('shows the requests a visited deployment served and keeps a budget', async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('usage');
  await signUp(page, { email });
  const team = personalSlugOf(email);
  const name = uniqueName('metered');
  // A data: icon, so a visit is exactly one request (no /favicon.ico).
  const html = '<!doctype html><link rel="icon" href="data:,"><title>Metered</title><h1>Metered site</h1>';
  await deployFolder(page, team, name, { 'index.html': html });
  await waitForState(page, 'Ready');
  const url = await deploymentUrl(page);

  const visits = 3;
  const tab = await page.context().newPage();
  for (let i = 0; i < visits; i++) {
    await tab.goto(url);
    await expect(tab.getByRole('heading', { name: 'Metered site' })).toBeVisible();
  }
  await tab.close();

  await page.goto(`/${team}`);
  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Usage' }).click();
  await page.waitForURL(`**/${team}/~/usage`);
  await expect(page.getByRole('heading', { name: 'Usage' })).toBeVisible();
  await page.getByRole('region', { name: 'Analytics cookies' }).getByRole('button', { name: 'Decline' }).click();
  // The meter writes every few seconds: reload until the visits are there.
  const requests = page.getByTestId('usage-edge_requests');
  await expect(async () => {
    await page.reload();
    await expect(requests.getByTestId('usage-used')).toHaveText(String(visits), { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(requests).toContainText('of 1,000,000 included');
  await expect(page.getByTestId('usage-bandwidth_bytes').getByTestId('usage-used')).not.toHaveText('0 B');
  await expect(page.getByRole('table', { name: 'Usage by project' })).toContainText(name);

  // The page shows what the API counted.
  const api = await page.request.get('/api/v2/usage');
  expect((await api.json()).totals.edge_requests).toBe(visits);

  await page.getByLabel('Monthly budget (USD)').fill('25');
  await page.getByLabel(/Pause all production deployments/).check();
  await page.getByRole('button', { name: 'Save budget' }).click();
  await expect(page.getByTestId('budget-spend')).toHaveText(/Spent in \d{4}-\d{2}: \$0\.00 of \$25\.00 \(0%\)/);
  await page.reload();
  await expect(page.getByLabel('Monthly budget (USD)')).toHaveValue('25');
  await expect(page.getByLabel(/Pause all production deployments/)).toBeChecked();
  const budget = await (await page.request.get('/api/v1/budgets')).json();
  expect(budget.budget).toMatchObject({ amountCents: 2_500, pauseProduction: true });
});
