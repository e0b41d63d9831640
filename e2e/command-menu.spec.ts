// The command menu (issue #5), by keyboard only: Control+K opens it with focus in the search field,
// typing filters, the arrow keys move the active option, Enter goes there, Escape closes it. The
// internal commands of docs/spec.md §6 stay hidden from users who are not staff.
import { expect, type Page } from '@playwright/test';
import { signUp, test } from './helpers';

async function create(page: Page, path: string, data: unknown) {
  const res = await page.request.post(`/api${path}`, { data });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

const combobox = (page: Page) => page.getByRole('combobox', { name: 'Search commands' });
/**
 * Presses Control+K until the menu opens: right after a full page load the shortcut's listener is
 * attached only once the page has hydrated, and a press before that is lost.
 */
async function openMenu(page: Page) {
  const menu = page.getByRole('dialog', { name: 'Command menu' });
  await expect(async () => {
    if (!(await menu.isVisible())) await page.keyboard.press('Control+K');
    await expect(menu).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return menu;
}

const activeOption = async (page: Page) => {
  const id = await combobox(page).getAttribute('aria-activedescendant');
  return page.locator(`[id="${id}"]`);
};

test('navigates to teams, projects and settings and switches the theme by keyboard', async ({ page }) => {
  await signUp(page, { name: 'Keyboard Kay' });
  const stamp = Date.now();
  const team = await create(page, '/v1/teams', { name: `Keys ${stamp}` });
  const project = await create(page, `/v11/projects?teamId=${team.id}`, { name: `keyed-${stamp}` });
  await page.goto(`/${team.slug}`);
  // The consent banner renders once the page has hydrated, so the shortcut's listener is in place by then.
  await page.getByRole('region', { name: 'Analytics cookies' }).getByRole('button', { name: 'Decline' }).click();

  await page.keyboard.press('Control+K');
  const menu = page.getByRole('dialog', { name: 'Command menu' });
  await expect(menu).toBeVisible();
  await expect(combobox(page)).toBeFocused();
  await expect(menu.getByRole('group', { name: 'Teams' }).getByRole('option')).toHaveCount(2);

  await page.keyboard.type('settings');
  const options = menu.getByRole('option');
  await expect(options).toHaveText([/Team settings/, /Account settings/]);
  await expect(await activeOption(page)).toHaveText(/Team settings/);
  await page.keyboard.press('ArrowDown');
  await expect(await activeOption(page)).toHaveText(/Account settings/);
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(await activeOption(page)).toHaveText(/Team settings/);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/account');
  await expect(menu).toBeHidden();

  await page.goto(`/${team.slug}`);
  await openMenu(page);
  await page.keyboard.type(project.name);
  await expect(menu.getByRole('group', { name: 'Projects' }).getByRole('option')).toHaveText([
    new RegExp(project.name),
  ]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/${team.slug}/${project.name}`);

  await page.keyboard.press('Control+K');
  await page.keyboard.type('members');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/${team.slug}/~/settings/members`);

  await page.keyboard.press('Control+K');
  await page.keyboard.type('dark theme');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  await page.keyboard.press('Control+K');
  await page.keyboard.type('no such thing');
  await expect(menu.getByRole('status')).toHaveText('No results for “no such thing”');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('hides the internal commands from a user who is not staff', async ({ page }) => {
  const { slug } = await signUp(page);
  const project = await create(page, '/v11/projects', { name: `plain-${Date.now()}` });
  await page.goto(`/${slug}/${project.name}`);
  await page.getByRole('button', { name: /Search/ }).click();
  const menu = page.getByRole('dialog', { name: 'Command menu' });
  await expect(menu.getByRole('option', { name: /Log out/ })).toBeVisible();
  await expect(menu.getByRole('group', { name: 'Internal' })).toHaveCount(0);
  for (const label of [
    'Open in Admin',
    'Display PPR Fallback Shell',
    'Analyze Server Timing',
    'Toggle Deploy Freeze Branch',
    'Open on localhost',
  ]) {
    await combobox(page).fill(label);
    await expect(menu.getByRole('option')).toHaveCount(0);
  }
  await page.keyboard.press('Control+K');
  await expect(menu).toBeHidden();
});

test('pages answer a HEAD with the Server-Timing header that Analyze Server Timing reads', async ({ page }) => {
  const res = await page.request.head('/pricing');
  expect(res.headers()['server-timing']).toMatch(/^total;dur=\d+(\.\d)?$/);
});
