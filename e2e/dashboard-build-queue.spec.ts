// A hobby team runs one build at a time: its second deployment's page says it waits behind the
// first, and moves on to Building by itself once the first is done.
import { expect } from '@playwright/test';
import { buildSite, deployFolder, uniqueName, waitForState } from './dashboard-helpers';
import { signUp, test } from './helpers';

test("shows a queued deployment's place in the queue until its build starts", async ({ page }) => {
  test.setTimeout(150_000);
  const { slug } = await signUp(page);
  const slow = buildSite('sleep 12; mkdir -p public && echo "<p>slow</p>" > public/index.html');
  await deployFolder(page, slug, uniqueName('queue-first'), slow);
  const quick = buildSite('sleep 5; mkdir -p public && echo "<p>second</p>" > public/index.html');
  await deployFolder(page, slug, uniqueName('queue-second'), quick);

  const position = page.getByRole('status', { name: 'Queue position' });
  await expect(position).toHaveText(
    "Next to build; waiting for the team's running build (its plan runs 1 at a time).",
    { timeout: 30_000 },
  );
  await expect(page.getByRole('list', { name: 'Deployment timeline' })).toContainText('Queued');

  // No reload: the page follows the deployment from Queued to Building to Ready.
  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(overview.getByRole('definition').filter({ hasText: /^Building$/ })).toBeVisible({ timeout: 60_000 });
  await expect(position).toBeHidden();
  await waitForState(page, 'Ready');
});
