// Everyday edits and team-level views: env vars edited in place and pasted from a .env, pending
// invitations copied again and resent after a reload, the Hobby plan's one member, styled not-found
// pages with ways back, a deleted project's page, the team's Deployments and Activity tabs, the
// deployment row's "…" menu and the project switcher in the breadcrumb.
import { expect, type Page } from '@playwright/test';
import { createProTeam, createTeam, signUp, test, uniqueEmail } from './helpers';

async function api(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown) {
  const res = await page.request.fetch(`/api${path}`, { method, data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return res.status() === 204 ? null : res.json();
}

async function project(page: Page, team: string, name: string, deploy = false) {
  const created = await api(page, 'POST', `/v11/projects?slug=${team}`, { name });
  if (deploy)
    await api(page, 'POST', `/v13/deployments?slug=${team}`, {
      name,
      files: [{ file: 'index.html', data: `<h1>${name}</h1>` }],
    });
  return created;
}

test('edits an env var in place and splits a pasted .env into one row per variable', async ({ page }) => {
  const { slug } = await signUp(page);
  const name = `env-edit-${Date.now()}`;
  await project(page, slug, name);
  await page.goto(`/${slug}/${name}/settings/environment-variables`);

  // Pasting `FOO=1 BAR=two` into Key gives two rows; both are added in one save.
  await page.getByLabel('Key', { exact: true }).focus();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', 'FOO=1 BAR=two');
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  });
  await expect(page.getByLabel('Key', { exact: true })).toHaveValue('FOO');
  await expect(page.getByLabel('Value', { exact: true })).toHaveValue('1');
  await expect(page.getByLabel('Key 2', { exact: true })).toHaveValue('BAR');
  await expect(page.getByLabel('Value 2', { exact: true })).toHaveValue('two');
  await page.locator('#add-env').getByRole('button', { name: 'Save' }).click();
  const list = page.getByRole('list', { name: 'Variables', exact: true });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByLabel('Key 2', { exact: true })).toHaveCount(0);

  // Edit BAR: the current value is filled in; change value and drop Development.
  await page.getByRole('button', { name: 'Edit BAR' }).click();
  const form = page.getByRole('form', { name: 'Edit BAR' });
  await expect(form.getByLabel('Value')).toHaveValue('two');
  await form.getByLabel('Value').fill('three');
  await form.getByLabel('Development').uncheck();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved BAR.')).toBeVisible();
  await page.getByRole('button', { name: 'Reveal BAR' }).click();
  await expect(page.getByLabel('Value of BAR')).toHaveText('three');
  const bar = list.getByRole('listitem').filter({ hasText: 'BAR' });
  await expect(bar).toContainText('Production');
  await expect(bar).not.toContainText('Development');

  // A sensitive variable stays sensitive, and its value is never shown in the editor.
  await page.getByRole('button', { name: 'Edit FOO' }).click();
  await page.getByRole('form', { name: 'Edit FOO' }).getByLabel('Sensitive (never shown again)').check();
  await page.getByRole('form', { name: 'Edit FOO' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Reveal FOO' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit FOO' }).click();
  const foo = page.getByRole('form', { name: 'Edit FOO' });
  await expect(foo.getByLabel('Value')).toHaveValue('');
  await expect(foo.getByLabel('Sensitive (stays sensitive)')).toBeDisabled();
  await expect(foo.getByLabel('Sensitive (stays sensitive)')).toBeChecked();
});

test('copies a pending invitation link again after a reload and resends it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page);
  const slug = await createProTeam(page, `Resend Co ${Date.now()}`);
  await page.goto(`/${slug}/~/settings/members`);
  const guest = uniqueEmail('pending');
  await page.getByLabel('E-mail').fill(guest);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const link = await page.getByLabel('Invitation link').inputValue();

  await page.reload();
  await expect(page.getByLabel('Invitation link', { exact: true })).toHaveCount(0);
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  await pending.getByRole('button', { name: `Copy link for ${guest}` }).click();
  await expect(pending.getByRole('button', { name: `Copy link for ${guest}` })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await pending.getByRole('button', { name: `Resend invitation to ${guest}` }).click();
  await expect(page.getByText(`No SMTP server is configured: copy the link for ${guest}.`)).toBeVisible();
});

test('a Hobby team cannot invite a second member and is told to upgrade', async ({ page }) => {
  await signUp(page);
  const name = `Hobby Co ${Date.now()}`;
  const slug = await createTeam(page, name);
  await page.goto(`/${slug}/~/settings/members`);
  await page.getByLabel('E-mail').fill(uniqueEmail('second'));
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText(`The Hobby plan allows 1 member. Upgrade ${name} to Pro`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pending invitations' })).toHaveCount(0);
});

test('unknown pages get a styled not-found page with a way back; a deleted project says so', async ({ page }) => {
  const { slug } = await signUp(page);
  await page.goto(`/${slug}/~/settings/nothing-here`);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Team settings' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Ways back' }).getByRole('link', { name: 'Team settings' }).click();
  await expect(page).toHaveURL(`/${slug}/~/settings`);

  const name = `gone-${Date.now()}`;
  const created = await project(page, slug, name);
  await page.goto(`/${slug}/${name}/settings/nothing-here`);
  await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the project' }).click();
  await expect(page).toHaveURL(`/${slug}/${name}`);

  // The project is deleted while its page is open: the next view says so, without its tabs.
  await api(page, 'DELETE', `/v9/projects/${created.id}?slug=${slug}`);
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Project not found' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('deleted, moved to another team, or never existed');
  await expect(page.getByRole('navigation', { name: 'Project' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to projects' }).click();
  await expect(page).toHaveURL(`/${slug}`);
});

test("team Deployments and Activity tabs, the row's … menu and the project switcher", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { slug, username } = await signUp(page);
  const first = `alpha-${Date.now()}`;
  const second = `beta-${Date.now()}`;
  await project(page, slug, first, true);
  await project(page, slug, second, true);

  await page.goto(`/${slug}`);
  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Deployments' }).click();
  await expect(page).toHaveURL(`/${slug}/~/deployments`);
  const rows = page.getByRole('list', { name: 'Deployments' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: first })).toHaveCount(1);
  await expect(rows.filter({ hasText: second })).toHaveCount(1);
  await expect(rows.filter({ hasText: first }).getByTitle('Build duration')).toHaveText(/^\d+(m \d+)?s$/, {
    timeout: 90_000,
  });

  const row = rows.filter({ hasText: first });
  const url = (await row.locator('.font-mono').filter({ hasText: '.localhost' }).textContent())!;
  await expect(row.getByRole('button', { name: 'More actions' })).toHaveAccessibleDescription(url);
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('button', { name: 'Copy URL' }).click();
  await expect(page.getByText('Deployment URL copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(url);
  await row.getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('link', { name: 'Visit' })).toHaveAttribute(
    'href',
    new RegExp(url.replace(/\./g, '\\.')),
  );
  await page.getByRole('link', { name: 'Inspect' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/${first}/dpl_`));

  // The breadcrumb's switcher moves to the other project.
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb).toContainText(first);
  await breadcrumb.getByRole('button', { name: 'Switch project' }).click();
  await page.getByRole('dialog', { name: 'Projects' }).getByRole('link', { name: second }).click();
  await expect(page).toHaveURL(`/${slug}/${second}`);
  await expect(breadcrumb).toContainText(second);

  await page.goto(`/${slug}/~/activity`);
  const activity = page.getByRole('list', { name: 'Activity' });
  await expect(activity).toContainText(`${username} deployed ${second}`);
  await expect(activity).toContainText(`Project ${first} was created`);
  await activity.getByRole('link', { name: first, exact: true }).first().click();
  await expect(page).toHaveURL(`/${slug}/${first}`);
});
