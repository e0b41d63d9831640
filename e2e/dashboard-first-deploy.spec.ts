// First deploy from the browser (issue #5): a new user sees how to deploy, drops a .zip on /new,
// watches the upload, lands on the deployment, opens its live URL, and finds the project on the
// team overview with its production host, state and search. A folder picked with the directory
// input deploys the same way.
import { expect } from '@playwright/test';
import { deployFolder, deploymentUrl, dropZip, uniqueName, visit, waitForState } from './dashboard-helpers';
import { signUp, test } from './helpers';

test('drops a .zip on /new, opens the live URL, and finds the project on the overview', async ({ page }) => {
  const { slug } = await signUp(page);
  await page.goto(`/${slug}`);
  await expect(page.getByRole('heading', { name: 'Deploy your first project' })).toBeVisible();
  // The CLI comes from this server, never from the npm registry's unrelated `nimbus` (issue 21).
  const install = `npm install -g ${new URL(page.url()).origin}/cli/nimbus.tgz`;
  await expect(page.getByText(install)).toBeVisible();
  await expect(page.getByText(`nimbus deploy --scope ${slug}`, { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'New project' }).click();
  await expect(page).toHaveTitle(/New Project/);
  await expect(page.getByText(install)).toBeVisible();
  await expect(page.getByText(`nimbus deploy --scope ${slug}`, { exact: true })).toBeVisible();
  const name = uniqueName('zip-site');
  await dropZip(page, name, { 'index.html': `<h1>Hello from ${name}</h1>`, 'about/index.html': '<p>about</p>' });
  await expect(page.getByRole('region', { name: 'Drop a folder or a .zip to deploy' })).toContainText(`2 files`);
  await expect(page.getByLabel('Project name')).toHaveValue(name);
  await page.getByLabel('Environment').selectOption('Production');
  await page.getByRole('button', { name: 'Deploy', exact: true }).click();
  await expect(page.getByRole('progressbar', { name: 'Deploy progress' })).toBeVisible();
  await page.waitForURL(new RegExp(`/${slug}/${name}/dpl_`));
  await expect(page).toHaveTitle(/dpl_/);
  // The activity records of this page name its project and deployment (lib/tracking reads these).
  const deploymentId = /dpl_[A-Za-z0-9]+/.exec(page.url())![0];
  await expect(page.locator(`[data-deployment-id="${deploymentId}"]`)).toHaveCount(1);
  await expect(page.locator('[data-project-id^="prj_"]')).toHaveCount(1);

  await waitForState(page, 'Ready');
  await expect(page.getByRole('list', { name: 'Deployment timeline' })).toContainText('Ready');
  await expect(page.getByRole('list', { name: 'Output files' })).toContainText('index.html');
  const popup = page.waitForEvent('popup');
  await page
    .getByRole('region', { name: 'Overview' })
    .getByRole('link', { name: /\.localhost:\d+$/ })
    .first()
    .click();
  const live = await popup;
  await expect(live.getByRole('heading', { name: `Hello from ${name}` })).toBeVisible();
  expect(new URL(live.url()).hostname).toMatch(new RegExp(`^${name}-[a-z0-9]{6}\\.localhost$`));
  await live.close();

  await page.goto(`/${slug}`);
  const card = page.getByRole('list', { name: 'Projects' }).getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('Ready');
  await expect(card).toContainText('Production');
  const host = card.getByRole('link', { name: new RegExp(`^${name}\\.localhost:`) });
  expect(await visit(page, (await host.getAttribute('href'))!)).toBe(`Hello from ${name}`);
  await page.getByLabel('Search projects').fill('no-such-project');
  await expect(page.getByText('No projects match “no-such-project”.')).toBeVisible();
  await page.getByLabel('Search projects').fill(name.slice(0, 12));
  await expect(card).toBeVisible();
});

test('deploys a folder chosen with the directory input as a preview', async ({ page }) => {
  const { slug } = await signUp(page);
  const name = uniqueName('folder-site');
  await deployFolder(page, slug, name, { 'index.html': '<p>folder preview</p>', 'css/site.css': 'p{color:red}' });
  await waitForState(page, 'Ready');
  await expect(page.getByRole('region', { name: 'Overview' })).toContainText('Preview');
  expect(await visit(page, await deploymentUrl(page))).toBe('folder preview');
  await page.getByRole('button', { name: 'Source' }).click();
  await expect(page.getByRole('list', { name: 'Source files' })).toContainText('site.css');
});
