// The dashboard feels finished: keyboard focus is visible on every control, a deployment page left
// open shows Visit and its domains the moment the build is ready, the header's scope is the page's
// (Ctrl+K → New project deploys to the team on screen), a root without index.html is a warning, and
// the small things: filters in the URL, a mobile menu, "Keep building", a long team name's chevron.
import { expect, type Locator, type Page } from '@playwright/test';
import { buildSite, deployFolder, uniqueName, waitForState, writeSite } from './dashboard-helpers';
import { createTeam, signUp, test } from './helpers';

/** Presses Tab until `target` has focus, as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

async function expectFocusRing(page: Page, target: Locator) {
  await tabTo(page, target);
  const outline = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      visible: el.matches(':focus-visible'),
    };
  });
  expect(outline).toEqual({ style: 'solid', width: 2, visible: true });
}

test('keyboard focus shows a ring on the scope switcher, tabs, deployment actions and project cards', async ({
  page,
}) => {
  const { slug } = await signUp(page);
  const name = uniqueName('focus-site');
  await deployFolder(page, slug, name, { 'index.html': '<p>hi</p>' });
  await waitForState(page, 'Ready');
  await page.reload();
  for (const button of ['Promote', 'Redeploy', 'Delete'])
    await expectFocusRing(page, page.getByRole('button', { name: button, exact: true }));
  await page.goto(`/${slug}/${name}`);
  await expectFocusRing(page, page.getByRole('button', { name: 'Switch scope' }));
  await expectFocusRing(
    page,
    page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Settings' }),
  );
  await page.goto(`/${slug}`);
  await expectFocusRing(page, page.getByRole('link', { name, exact: true }));
});

test('a deployment page left open shows Visit and the production domain when the build is ready', async ({ page }) => {
  // Builds go through Vercel's builders, whose start-up adds seconds to each build on a busy machine.
  test.setTimeout(120_000);
  const { slug } = await signUp(page);
  const name = uniqueName('live-site');
  await deployFolder(
    page,
    slug,
    name,
    buildSite('sleep 4; mkdir -p public && echo "<p>live</p>" > public/index.html'),
    'Production',
  );
  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(overview).toContainText('Assigned when the build is ready');
  await expect(page.getByRole('link', { name: 'Visit' })).toHaveCount(0);
  await waitForState(page, 'Ready');
  await expect(page.getByRole('link', { name: 'Visit' })).toBeVisible();
  await expect(overview.getByRole('link', { name: new RegExp(`^${name}\\.localhost`) })).toBeVisible();
});

test('the header follows the page: Ctrl+K → New project from a team deploys into that team', async ({ page }) => {
  const { slug: personal } = await signUp(page);
  const teamName = `Acme ${Date.now().toString(36)}`;
  const team = await createTeam(page, teamName);
  // An older choice in the scope cookie must not win over the URL.
  await page.context().addCookies([{ name: 'scope', value: personal, url: page.url() }]);
  await page.goto(`/${team}`);
  await expect(page.getByRole('button', { name: 'Switch scope' })).toContainText(teamName);
  await page.keyboard.press('Control+K');
  await page.keyboard.type('New project');
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/new?teamSlug=${team}`);
  await expect(page.getByRole('button', { name: 'Switch scope' })).toContainText(teamName);
  await expect(page.getByLabel('Team')).toHaveValue(team);

  const name = uniqueName('team-site');
  await page.getByLabel('Folder to deploy').setInputFiles(writeSite(name, { 'index.html': '<p>team</p>' }));
  await page.getByRole('button', { name: 'Deploy', exact: true }).click();
  await page.waitForURL(new RegExp(`/${team}/${name}/dpl_`));

  // Choosing another team in the form moves the header with it.
  await page.goto(`/new?teamSlug=${team}`);
  await page.getByLabel('Team').selectOption(personal);
  await page.waitForURL(`**/new?teamSlug=${personal}`);
  await expect(page.getByRole('button', { name: 'Switch scope' })).not.toContainText(teamName);
});

test('a static deploy without index.html is Ready with a warning in the log and on the page', async ({ page }) => {
  const { slug } = await signUp(page);
  await deployFolder(page, slug, uniqueName('no-index'), { 'about.html': '<p>about</p>' });
  await waitForState(page, 'Ready');
  await expect(page.getByRole('region', { name: 'Overview' }).getByRole('status')).toContainText(
    'No index.html at the top of the output',
  );
  const warning = page
    .getByRole('log', { name: 'Build output' })
    .getByRole('listitem')
    .filter({ hasText: 'No index.html at the top of the output' });
  await expect(warning).toHaveAttribute('data-level', 'warning');
});

test('a failed build points at its log, and cancelling offers Keep building', async ({ page }) => {
  const { slug } = await signUp(page);
  const name = uniqueName('fail-site');
  await deployFolder(page, slug, name, buildSite('echo "broken on purpose" >&2; exit 2'));
  await waitForState(page, 'Error');
  const overview = page.getByRole('region', { name: 'Overview' });
  await expect(overview).toContainText('Its output is in the build log');
  await overview.getByRole('link', { name: 'Go to the build log' }).click();
  await expect(page).toHaveURL(/#build-logs$/);
  await expect(page.getByText(/1 error$/)).toBeVisible();

  await deployFolder(page, slug, name, buildSite('sleep 30'));
  await page.getByRole('button', { name: 'Cancel build' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel build' });
  await dialog.getByRole('button', { name: 'Keep building' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Cancel build' }).click();
  await dialog.getByRole('button', { name: 'Cancel build' }).click();
  await waitForState(page, 'Canceled');

  await page.goto(`/${slug}/${name}/deployments`);
  const status = page.getByLabel('Status');
  await status.selectOption('ERROR');
  await expect(page).toHaveURL(/\?status=ERROR$/);
  const fits = await status.evaluate((el) => el.scrollWidth <= el.clientWidth);
  expect(fits).toBe(true);
  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('ERROR');
});

test('on a phone the header has a menu with Search and Docs, and a long team name keeps its chevron', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  const team = await createTeam(page, `A very long team name for a small screen ${Date.now().toString(36)}`);
  await page.goto(`/${team}`);
  const switcher = page.getByRole('button', { name: 'Switch scope' });
  const chevron = (await switcher.locator('svg').boundingBox())!;
  const button = (await switcher.boundingBox())!;
  expect(chevron.width).toBeGreaterThan(10);
  expect(chevron.x + chevron.width).toBeLessThanOrEqual(button.x + button.width);
  // The header's last control, the user menu, stays on screen.
  const user = (await page.getByRole('button', { name: /Open user menu/ }).boundingBox())!;
  expect(user.x + user.width).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Docs' })).toBeVisible();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Command menu' })).toBeVisible();
});
