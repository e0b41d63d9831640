// Moving production (issue #5): roll back to an earlier production deployment, undo it from the
// toast, then promote a preview; after each step the production host serves the expected content.
import { expect, type Page } from '@playwright/test';
import { deployFolder, uniqueName, visit, waitForState } from './dashboard-helpers';
import { signUp, test } from './helpers';

async function confirm(page: Page, dialog: string, button: string) {
  await page.getByRole('dialog', { name: dialog }).getByRole('button', { name: button }).click();
}

test('rolls back, undoes from the toast, and promotes a preview, moving the production URL each time', async ({
  page,
}) => {
  const { slug } = await signUp(page);
  const name = uniqueName('promote-site');
  const v1 = await deployFolder(page, slug, name, { 'index.html': 'version one' }, 'Production');
  await waitForState(page, 'Ready');
  await deployFolder(page, slug, name, { 'index.html': 'version two' }, 'Production');
  await waitForState(page, 'Ready');

  await page.goto(`/${slug}/${name}`);
  const production = page.getByRole('region', { name: 'Production deployment' });
  const host = (await production
    .getByRole('link', { name: new RegExp(`^${name}\\.localhost:`) })
    .getAttribute('href'))!;
  expect(await visit(page, host)).toBe('version two');
  await expect(page.getByRole('list', { name: 'Deployments' }).getByRole('listitem')).toHaveCount(2);

  await page.goto(v1);
  await page.getByRole('button', { name: 'Roll back' }).click();
  await confirm(page, 'Roll back production', 'Roll back');
  await expect(page.getByText('Rolled back production.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Overview' }).getByText('Current', { exact: true })).toBeVisible();
  expect(await visit(page, host)).toBe('version one');

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Production is back on the previous deployment.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Overview' }).getByText('Current', { exact: true })).toHaveCount(0);
  expect(await visit(page, host)).toBe('version two');

  const preview = await deployFolder(page, slug, name, { 'index.html': 'a preview' });
  await waitForState(page, 'Ready');
  expect(await visit(page, host)).toBe('version two');
  await page.getByRole('button', { name: 'Promote' }).click();
  await confirm(page, 'Promote to production', 'Promote');
  await expect(page.getByText('Promoted to production.')).toBeVisible();
  expect(await visit(page, host)).toBe('a preview');

  await page.goto(`/${slug}/${name}`);
  await expect(production.getByRole('link', { name: new RegExp(`^${name}-`) })).toHaveAttribute('href', preview);
  await page.getByLabel('Environment').selectOption('production');
  await expect(page.getByRole('list', { name: 'Deployments' }).getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Status').selectOption('READY');
  await expect(page.getByRole('list', { name: 'Deployments' }).getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Environment').selectOption('preview');
  await expect(
    page.getByRole('list', { name: 'Deployments' }).getByRole('listitem').filter({ hasText: 'Current' }),
  ).toHaveCount(1);
});
