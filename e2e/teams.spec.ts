// Teams in the browser (issue #2): create with docs/spec.md §5 validation, switch scope, invite and accept,
// roles and the last-owner rule, settings, the default team.

import { TEAM_NAME_INVALID, TEAM_NAME_REQUIRED } from '@nimbus/core';
import { expect } from '@playwright/test';
import {
  cookie,
  createProTeam,
  createTeam,
  fillSignup,
  logIn,
  logOut,
  newContext,
  signUp,
  test,
  uniqueEmail,
} from './helpers';

test('creates a team showing both name messages, derives the slug, and switches scope', async ({ page, context }) => {
  const { slug } = await signUp(page, { name: 'Grace' });
  await page.goto('/new/team');
  const name = page.getByLabel('Team name');
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByText(TEAM_NAME_REQUIRED, { exact: true })).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await name.fill('Bad!Name');
  await expect(page.getByText(TEAM_NAME_INVALID, { exact: true })).toBeVisible();

  const stamp = Date.now();
  await name.fill(`Acme Café ${stamp}`);
  await expect(page.getByText(TEAM_NAME_INVALID)).toHaveCount(0);
  await expect(page.getByLabel('Team URL')).toHaveValue(`acme-cafe-${stamp}`);
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page).toHaveURL(`/acme-cafe-${stamp}`);
  await expect(page.getByRole('heading', { level: 1, name: `Acme Café ${stamp}` })).toBeVisible();
  await expect(page.getByText(`nimbus deploy --scope acme-cafe-${stamp}`, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: /Switch scope/ }).click();
  await page.getByRole('dialog', { name: 'Switch scope' }).getByRole('button', { name: /Grace/ }).click();
  await expect(page).toHaveURL(`/${slug}`);
  expect((await cookie(context, 'scope'))?.value).toBe(slug);
  await page.getByRole('button', { name: /Switch scope/ }).click();
  const switcher = page.getByRole('dialog', { name: 'Switch scope' });
  await expect(switcher.getByRole('button', { name: /Grace/ })).toHaveAttribute('aria-current', 'true');
  await switcher.getByRole('button', { name: new RegExp(`Acme Café ${stamp}`) }).click();
  await expect(page).toHaveURL(`/acme-cafe-${stamp}`);
  expect((await cookie(context, 'scope'))?.value).toBe(`acme-cafe-${stamp}`);
});

test('shows reserved and taken slugs on the slug field', async ({ page }) => {
  const { slug } = await signUp(page);
  await page.goto('/new/team');
  await page.getByLabel('Team name').fill('Pricing');
  await expect(page.getByText('The slug "pricing" is reserved.')).toBeVisible();
  await page.getByLabel('Team URL').fill(slug);
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByText(`The slug "${slug}" is already in use. Choose another one.`)).toBeVisible();
  await expect(page.getByLabel('Team URL')).toHaveAttribute('aria-invalid', 'true');
});

test('invites by e-mail without SMTP, and the invited person signs up and joins', async ({ page, browser }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page);
  const slug = await createProTeam(page, `Invite Co ${Date.now()}`);
  await page.goto(`/${slug}/~/settings/members`);
  const guest = uniqueEmail('guest');
  await page.getByLabel('E-mail').fill(guest);
  await page.getByLabel('Role', { exact: true }).selectOption('DEVELOPER');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText('No SMTP server is configured: copy the invitation link')).toBeVisible();
  await page.getByRole('button', { name: 'Copy link', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(await page.getByLabel('Invitation link').inputValue());
  await expect(page.getByRole('region', { name: 'Pending invitations' }).getByText(guest)).toBeVisible();

  const guestContext = await newContext(browser);
  const guestPage = await guestContext.newPage();
  // Logged out, the link already says which team and role it is for.
  await guestPage.goto(link);
  await expect(guestPage.getByRole('heading', { name: /^Join Invite Co/ })).toBeVisible();
  await expect(guestPage.getByRole('main')).toContainText(`Invitation for ${guest}`);
  await guestPage.getByRole('link', { name: 'Sign up to join' }).click();
  await expect(guestPage).toHaveURL(/\/signup\?next=%2Finvite%2F/);
  await fillSignup(guestPage, guest, 'Guest Dev');
  await expect(guestPage.getByRole('heading', { name: /^Join Invite Co/ })).toBeVisible();
  await expect(guestPage.getByRole('main')).toContainText('as developer');
  await guestPage.getByRole('button', { name: 'Accept and join' }).click();
  await expect(guestPage).toHaveURL(`/${slug}`);
  await expect(guestPage.getByRole('heading', { level: 1, name: /^Invite Co/ })).toBeVisible();

  // A developer sees the settings but cannot change them.
  await guestPage.goto(`/${slug}/~/settings`);
  await expect(guestPage.getByRole('note')).toContainText('developer');
  await expect(guestPage.getByRole('textbox', { name: 'Team name' })).toHaveAttribute('readonly', '');
  await expect(guestPage.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await guestPage.goto(`/${slug}/~/settings/members`);
  await expect(guestPage.getByRole('heading', { name: 'Invite member' })).toHaveCount(0);
  await guestContext.close();

  await page.reload();
  await expect(page.getByRole('region', { name: 'Members' }).getByText(guest)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pending invitations' })).toHaveCount(0);
});

test('revokes an invitation and tells an invalid link apart', async ({ page }) => {
  await signUp(page);
  const slug = await createProTeam(page, `Revoke Co ${Date.now()}`);
  await page.goto(`/${slug}/~/settings/members`);
  const guest = uniqueEmail('revoked');
  await page.getByLabel('E-mail').fill(guest);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const link = await page.getByLabel('Invitation link').inputValue();
  await page.getByRole('button', { name: `Revoke invitation for ${guest}` }).click();
  await page.getByRole('dialog', { name: 'Revoke invitation' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('region', { name: 'Pending invitations' })).toHaveCount(0);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This invitation cannot be used' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('invalid, expired or already used');
});

test('keeps the last owner: leaving and self-demotion show the reason', async ({ page }) => {
  await signUp(page);
  const slug = await createTeam(page, `Owners ${Date.now()}`);
  await page.goto(`/${slug}/~/settings/members`);
  await page.getByRole('button', { name: 'Leave team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave team' });
  await dialog.getByRole('button', { name: 'Leave team' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The last owner cannot leave. Make another member an owner, or delete the team.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByLabel(/^Role of /).selectOption('MEMBER');
  await expect(page.getByRole('region', { name: 'Members' }).getByRole('alert')).toHaveText(
    'A team needs at least one owner. Make another member an owner first.',
  );
  await expect(page.getByLabel(/^Role of /)).toHaveValue('OWNER');
});

test('renames a team, moves it to a new slug and deletes it after typing the slug', async ({ page }) => {
  const { slug: personal } = await signUp(page);
  const slug = await createTeam(page, `Rename Me ${Date.now()}`);
  await page.goto(`/${slug}/~/settings`);
  await page.getByRole('textbox', { name: 'Team name' }).fill('Renamed Team');
  await page.locator('#team-name').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Team name saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Switch scope/ })).toContainText('Renamed Team');

  const moved = `${slug}-moved`;
  await page.getByRole('textbox', { name: 'Team URL' }).fill(moved);
  await page.locator('#team-url').getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(`/${moved}/~/settings`);

  await page.getByRole('button', { name: 'Delete team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete team' });
  const confirm = dialog.getByRole('button', { name: 'Delete team' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/To confirm, type/).fill(moved);
  await confirm.click();
  await expect(page).toHaveURL(`/${personal}`);
  await page.goto(`/${moved}`);
  await expect(page.getByRole('heading', { name: 'Team not found' })).toBeVisible();
});

test('sets the default team in the modal, and the next login opens it', async ({ page }) => {
  const { email } = await signUp(page);
  const name = `Default Co ${Date.now()}`;
  const slug = await createTeam(page, name);
  await page.getByRole('button', { name: /Switch scope/ }).click();
  await page.getByRole('button', { name: 'Set default team…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set default team' });
  await dialog.getByLabel('Default team').selectOption({ label: name });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${name} is now your default team.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/account');
  await expect(page.locator('#default-team')).toContainText(name);
  await logOut(page);
  await logIn(page, email);
  await expect(page).toHaveURL(`/${slug}`);
});
