// The audit log (issue #16): an owner creates a project by deploying it, adds an environment
// variable, turns on deployment protection and invites a member in the dashboard, then finds each
// change in Team settings → Audit log with their address, narrows it by action and person, and
// downloads it without the secret.
import { expect } from '@playwright/test';
import { deployFolder, uniqueName } from './dashboard-helpers';
import { clientAddress, createProTeam, signUp, test, uniqueEmail } from './helpers';

const address = clientAddress();
test.use({ extraHTTPHeaders: address });

test('lists dashboard changes with actor and address, filters them and exports them', async ({ page }) => {
  const { username: me } = await signUp(page);
  const slug = await createProTeam(page, `Audit Co ${Date.now()}`);
  const name = uniqueName('audited');
  await deployFolder(page, slug, name, { 'index.html': '<p>audited</p>' });

  const secret = `s3cret-${Date.now()}`;
  await page.goto(`/${slug}/${name}/settings/environment-variables`);
  await page.getByLabel('Key', { exact: true }).fill('AUDITED_KEY');
  await page.getByLabel('Value', { exact: true }).fill(secret);
  await page.locator('#add-env').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('list', { name: 'Variables', exact: true })).toContainText('AUDITED_KEY');

  const guest = uniqueEmail('audited-guest');
  await page.goto(`/${slug}/~/settings/members`);
  await page.getByLabel('E-mail').fill(guest);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByLabel('Invitation link')).toBeVisible();

  // Deployment protection turned on in the project's settings is its own event.
  await page.goto(`/${slug}/${name}/settings`);
  await page.getByRole('link', { name: 'Deployment Protection' }).click();
  const protection = page.getByRole('region', { name: 'Deployment Protection' });
  await protection.getByLabel('Nimbus Authentication').check();
  await protection.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Deployment protection saved.')).toBeVisible();

  // Owners reach the log from the Activity tab.
  await page.goto(`/${slug}/~/activity`);
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/~/settings/audit-log$`));
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log).toContainText(`${me} created project ${name}`);
  await expect(log).toContainText(`${me} added environment variable AUDITED_KEY`);
  await expect(log).toContainText(`${me} invited ${guest} as`);
  await expect(log).toContainText(`${me} changed the plan of team ${slug} from hobby to pro`);
  await expect(log).toContainText(`${me} changed Nimbus Authentication of project ${name} (preview)`);
  await expect(log.getByRole('row').filter({ hasText: 'AUDITED_KEY' })).toContainText(address['x-forwarded-for']!);
  await expect(log).not.toContainText(secret);

  // One action: only the variable.
  const filters = page.getByRole('form', { name: 'Filter events' });
  await filters.getByLabel('Action').selectOption({ label: 'Environment variable added' });
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/action=env\.created/);
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log).toContainText('AUDITED_KEY');
  await expect(log).not.toContainText('invited');

  // A date range that ends before today keeps nothing; the person filter keeps everything of mine.
  await filters.getByLabel('Action').selectOption('');
  await filters.getByLabel('To').fill('2020-01-01');
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No events match these filters.')).toBeVisible();
  await page.getByRole('link', { name: 'Clear' }).click();
  // Clear is a client-side navigation: wait for it, or the next submit still carries the old dates.
  await expect(page).toHaveURL(new RegExp(`/${slug}/~/settings/audit-log$`));
  await expect(filters.getByLabel('To')).toHaveValue('');
  await filters.getByLabel('Person').selectOption({ label: me });
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(log).toContainText(`${me} invited ${guest}`);

  const csv = await page.request.get(`/${slug}/~/settings/audit-log/export?format=csv`);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const text = await csv.text();
  expect(text).toContain('AUDITED_KEY');
  expect(text).toContain(address['x-forwarded-for']!);
  expect(text).not.toContain(secret);
  const json = await (
    await page.request.get(`/${slug}/~/settings/audit-log/export?format=json&action=member.invited`)
  ).json();
  expect(json.events.map((e: { action: string }) => e.action)).toEqual(['member.invited']);
});
