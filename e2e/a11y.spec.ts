// Accessibility of every dashboard page (issue #5): axe-core finds no serious or critical violation
// in the light theme, nor any of colour in the dark theme, on the pages and with the upgrade,
// transfer and command menus open.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { COLOUR_RULES, signUp, test } from './helpers';

async function create(page: Page, path: string, data: unknown) {
  const res = await page.request.post(`/api${path}`, { data });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** Waits for running CSS transitions and animations (a modal fading in) to end: axe reads colours as they are drawn. */
async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

async function seriousViolations(page: Page, scheme: 'light' | 'dark') {
  await settled(page);
  const axe = new AxeBuilder({ page });
  const { violations } = await (scheme === 'dark' ? axe.withRules(COLOUR_RULES) : axe).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`dashboard pages have no serious axe violations in the ${scheme} theme`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme: scheme });
    const { slug } = await signUp(page);
    const team = await create(page, '/v1/teams', { name: `Axe ${scheme} ${Date.now()}` });
    const project = await create(page, `/v11/projects?teamId=${team.id}`, { name: `axe-${scheme}-${Date.now()}` });
    const deployment = await create(page, `/v13/deployments?teamId=${team.id}`, {
      name: project.name,
      files: [{ file: 'index.html', data: '<h1>Hello</h1>' }],
    });
    // A domain, so the Domains pages show a card with its records and DNS check.
    await create(page, `/v10/projects/${project.name}/domains?teamId=${team.id}`, {
      name: `www.axe-${scheme}-${Date.now()}.test`,
    });
    const pages = [
      `/${team.slug}`,
      `/${team.slug}/~/settings`,
      `/${team.slug}/~/settings/members`,
      `/${team.slug}/~/settings/billing`,
      `/${team.slug}/~/settings/security`,
      `/${team.slug}/~/settings/domains`,
      `/${team.slug}/~/settings/nothing-here`,
      `/${team.slug}/~/deployments`,
      `/${team.slug}/~/activity`,
      `/${slug}/~/settings/billing`,
      '/account',
      '/account/tokens',
      '/new/team',
      '/new',
      `/${team.slug}/${project.name}`,
      `/${team.slug}/${project.name}/deployments`,
      `/${team.slug}/${project.name}/domains`,
      `/${team.slug}/${project.name}/settings`,
      `/${team.slug}/${project.name}/settings/environment-variables`,
      `/${team.slug}/${project.name}/${deployment.id}`,
    ];
    // Every page is checked before failing, so one report lists every page with a problem.
    const found: Record<string, string[]> = {};
    const check = async (where: string) => {
      const violations = await seriousViolations(page, scheme);
      if (violations.length) found[where] = violations;
    };
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${scheme}\\b`));
      await check(path);
    }

    await page.goto(`/${team.slug}/~/settings/billing`);
    await page.locator('#plan').getByRole('button', { name: 'Upgrade to Pro' }).click();
    await expect(page.getByRole('dialog', { name: 'Upgrade to Pro' }).getByText('1 member')).toBeVisible();
    await check('upgrade modal');
    await page.keyboard.press('Escape');

    await page.goto(`/${team.slug}/~/settings`);
    await page.getByRole('button', { name: 'Transfer projects' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Transfer projects' }).getByRole('checkbox', { name: project.name }),
    ).toBeVisible();
    await check('transfer modal');
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+K');
    await expect(page.getByRole('combobox', { name: 'Search commands' })).toBeFocused();
    await check('command menu');
    expect(found).toEqual({});
  });
}
