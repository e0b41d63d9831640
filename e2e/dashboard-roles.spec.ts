// Roles on projects (issue #5): an invited member sees the team's projects; a viewer sees the
// project settings with every input disabled and no destructive controls, and the API refuses the
// change when it is forced.
import { expect } from '@playwright/test';
import { deployFolder, teamWithMember, uniqueName, waitForState } from './dashboard-helpers';
import { test } from './helpers';

test('an invited member sees the team project and can open its deployment', async ({ page, browser }) => {
  const { team, member } = await teamWithMember(page, browser, 'MEMBER');
  const name = uniqueName('shared-site');
  await deployFolder(page, team, name, { 'index.html': 'shared' }, 'Production');
  await waitForState(page, 'Ready');

  await member.goto(`/${team}`);
  const card = member.getByRole('list', { name: 'Projects' }).getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('Ready');
  await card.getByRole('link', { name, exact: true }).click();
  await expect(member).toHaveURL(`/${team}/${name}`);
  await expect(member.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(member.getByRole('region', { name: 'Production deployment' })).toContainText('Ready');
  await member.context().close();
});

test('a viewer cannot change project settings: inputs disabled, no actions, API 403', async ({ page, browser }) => {
  const { team, member: viewer } = await teamWithMember(page, browser, 'VIEWER');
  const name = uniqueName('viewer-site');
  const deployment = await deployFolder(page, team, name, { 'index.html': 'v1' });
  await waitForState(page, 'Ready');

  await viewer.goto(`/${team}/${name}/settings`);
  await expect(viewer.getByRole('note')).toContainText('viewer');
  await expect(viewer.getByRole('textbox', { name: 'Project name' })).toBeDisabled();
  await expect(viewer.getByRole('textbox', { name: 'Build command' })).toBeDisabled();
  await expect(viewer.getByRole('combobox', { name: 'Framework' })).toBeDisabled();
  await expect(viewer.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Delete project' })).toHaveCount(0);

  await viewer.getByRole('link', { name: 'Environment Variables' }).click();
  await expect(viewer.getByRole('heading', { name: 'Add environment variable' })).toHaveCount(0);
  await expect(viewer.getByRole('note')).toContainText('environment variables');

  await viewer.goto(deployment);
  await expect(viewer.getByText('Your role cannot promote, redeploy or delete deployments here.')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Promote' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  const teamId = await viewer.evaluate(async (slug) => (await (await fetch(`/api/v2/teams/${slug}`)).json()).id, team);
  const forced = await viewer.request.patch(`/api/v9/projects/${name}?teamId=${teamId}`, {
    data: { buildCommand: 'rm -rf /' },
  });
  expect(forced.status()).toBe(403);
  expect((await forced.json()).error.message).toMatch(/VIEWER/);
  await viewer.context().close();
});
