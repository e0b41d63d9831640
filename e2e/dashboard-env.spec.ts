// Environment variables (issue #5): a variable added in the project settings is hidden until
// revealed, and the next build (a redeploy from the deployment page) writes it into the site.
import { expect } from '@playwright/test';
import { buildSite, deployFolder, deploymentUrl, uniqueName, visit, waitForState } from './dashboard-helpers';
import { signUp, test } from './helpers';

test('adds a variable in settings and the next build sees it', async ({ page }) => {
  // Builds go through Vercel's builders, whose start-up adds seconds to each build on a busy machine.
  test.setTimeout(120_000);
  const { slug } = await signUp(page);
  const name = uniqueName('env-site');
  const site = buildSite(
    "mkdir -p public && node -e \"require('fs').writeFileSync('public/index.html', 'greeting=' + (process.env.GREETING || 'none'))\"",
  );
  const first = await deployFolder(page, slug, name, site, 'Production');
  await waitForState(page, 'Ready');
  expect(await visit(page, await deploymentUrl(page))).toBe('greeting=none');

  await page.goto(`/${slug}/${name}/settings`);
  await expect(page).toHaveTitle(/Settings/);
  await page.getByRole('link', { name: 'Environment Variables' }).click();
  const greeting = `hello-${Date.now()}`;
  await page.getByLabel('Key', { exact: true }).fill('GREETING');
  await page.getByLabel('Value', { exact: true }).fill(greeting);
  await page.getByLabel('Development', { exact: true }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Added GREETING. It applies from the next deployment.')).toBeVisible();
  const row = page.getByRole('list', { name: 'Variables' }).getByRole('listitem').filter({ hasText: 'GREETING' });
  await expect(row).toContainText('Production');
  await expect(row).not.toContainText(greeting);
  await row.getByRole('button', { name: 'Reveal GREETING' }).click();
  await expect(row).toContainText(greeting);
  await page.getByLabel('Show', { exact: true }).selectOption('development');
  await expect(page.getByText('No variables for Development.')).toBeVisible();

  await page.goto(first);
  await page.getByRole('button', { name: 'Redeploy' }).click();
  await page.getByRole('dialog', { name: 'Redeploy' }).getByRole('button', { name: 'Redeploy' }).click();
  await page.waitForURL((url) => url.pathname.startsWith(`/${slug}/${name}/dpl_`) && url.pathname !== first);
  await waitForState(page, 'Ready');
  expect(await visit(page, await deploymentUrl(page))).toBe(`greeting=${greeting}`);
});
