// Watching a build: the log streams line by line while the deployment is still building, stderr is
// marked as a warning (amber, never counted as errors on a successful build), and the state timeline
// ends at Ready without a reload. Steps show their durations; search, copy and download work.
import { expect } from '@playwright/test';
import { buildSite, deployFolder, uniqueName, waitForState } from './dashboard-helpers';
import { signUp, test } from './helpers';

test('streams build lines before the deployment is ready, marking stderr as warnings', async ({ page }) => {
  // Builds go through Vercel's builders, whose start-up adds seconds to each build on a busy machine.
  test.setTimeout(120_000);
  const { slug } = await signUp(page);
  const name = uniqueName('log-site');
  const script =
    'for i in 1 2 3 4 5 6; do echo "step $i of 6"; sleep 1; done; echo "careful: this went to stderr" >&2; mkdir -p public && echo "<p>built</p>" > public/index.html';
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
  await expect(stderr).toHaveAttribute('data-level', 'warning');
  await expect(stderr.getByRole('img', { name: 'Warning' })).toBeVisible();
  // Amber, not red: the text colour's hue (Chromium reports lab()) is an amber's, above 45°; red is below 40°.
  const [, a, b] = (await stderr.evaluate((el) => getComputedStyle(el).color)).match(/[\d.-]+/g)!.map(Number);
  expect((Math.atan2(b!, a!) * 180) / Math.PI).toBeGreaterThan(45);
  await expect(page.getByText(/\d+ lines, 1 warning$/)).toBeVisible();
  await expect(page.getByText(/error line/)).toHaveCount(0);
  await expect(log.getByRole('listitem').filter({ hasText: 'Running "npm run build"' })).toContainText(/\d+(\.\d)?s$/);

  await page.getByRole('searchbox', { name: 'Search the build log' }).fill('STEP 3');
  await expect(log.getByRole('listitem')).toHaveCount(1);
  await expect(log).toContainText('step 3 of 6');
  await page.getByRole('searchbox', { name: 'Search the build log' }).fill('');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/^dpl_.*-build\.log$/);
  await expect(page.getByText('Build finished')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Deployment timeline' })).not.toContainText('(in progress)');
});
