// Watching a build (issue #5): the log streams line by line while the deployment is still building,
// error output is marked, and the state timeline ends at Ready without a reload.
import { expect } from '@playwright/test';
import { buildSite, deployFolder, uniqueName, waitForState } from './dashboard-helpers';
import { signUp, test } from './helpers';

test('streams build lines before the deployment is ready, marking error output', async ({ page }) => {
  const { slug } = await signUp(page);
  const name = uniqueName('log-site');
  const script =
    'for i in 1 2 3 4 5 6; do echo "step $i of 6"; sleep 1; done; echo "careful: this went to stderr" >&2; mkdir -p dist && echo "<p>built</p>" > dist/index.html';
  await deployFolder(page, slug, name, buildSite(script));

  const log = page.getByRole('log', { name: 'Build output' });
  await expect(log).toContainText('step 2 of 6', { timeout: 60_000 });
  // The first lines are on screen while the build still runs.
  await expect(
    page
      .getByRole('region', { name: 'Overview' })
      .getByRole('definition')
      .filter({ hasText: /^Building$/ }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Deployment timeline' })).toContainText('(in progress)');
  await expect(log).not.toContainText('step 6 of 6');

  await waitForState(page, 'Ready');
  await expect(log).toContainText('step 6 of 6');
  const stderr = log
    .getByRole('listitem')
    .filter({ has: page.getByText('careful: this went to stderr', { exact: true }) });
  await expect(stderr).toHaveAttribute('data-type', 'stderr');
  await expect(stderr.getByRole('img', { name: 'Error output' })).toBeVisible();
  await expect(page.getByText('Build finished')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Deployment timeline' })).not.toContainText('(in progress)');
});
