// Git settings: the project's page shows the remote to push to, and a deploy hook is created there
// and triggers a deployment from its URL once the branch was pushed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { uniqueName, waitForState } from './dashboard-helpers';
import { signUp, test } from './helpers';

test('shows the git remote, pushes to it, and creates a deploy hook that deploys', async ({ page }) => {
  test.setTimeout(180_000);
  const { slug } = await signUp(page);
  const name = uniqueName('pushed');
  const origin = new URL(page.url()).origin;
  const headers = { origin };
  expect((await page.request.post('/api/v11/projects', { data: { name }, headers })).status()).toBe(200);
  const token = (await (await page.request.post('/api/v3/user/tokens', { data: { name: 'git' }, headers })).json())
    .bearerToken as string;

  await page.goto(`/${slug}/${name}/settings`);
  await page.getByRole('link', { name: 'Git', exact: true }).click();
  const remote = `${origin}/git/${slug}/${name}.git`;
  await expect(page.getByTestId('git-remote-url')).toHaveText(remote);
  await expect(page.getByLabel('Production branch')).toHaveValue('main');

  // A push to the remote shown, with the token as the password.
  const work = mkdtempSync(path.join(tmpdir(), 'nimbus-e2e-git-'));
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: work,
      env: {
        ...process.env,
        HOME: work,
        GIT_TERMINAL_PROMPT: '0',
        GIT_AUTHOR_NAME: 'E2E',
        GIT_AUTHOR_EMAIL: 'e2e@example.com',
        GIT_COMMITTER_NAME: 'E2E',
        GIT_COMMITTER_EMAIL: 'e2e@example.com',
      },
    });
  git('init', '-q', '-b', 'main');
  writeFileSync(path.join(work, 'index.html'), '<h1>pushed</h1>');
  git('add', '-A');
  git('commit', '-q', '-m', 'First');
  git('push', '-q', remote.replace('//', `//me:${token}@`), 'main');

  const hooks = page.getByRole('region', { name: 'Deploy hooks' });
  await hooks.getByLabel('Name').fill('CMS');
  await hooks.getByRole('button', { name: 'Create hook' }).click();
  await expect(page.getByText('Deploy hook created.')).toBeVisible();
  const hook = hooks.getByTestId('deploy-hook');
  await expect(hook).toContainText('CMS');
  const url = (await hook.locator('code').textContent())!.trim();
  expect(url).toMatch(/\/api\/v1\/integrations\/deploy\/prj_\w+\/[0-9a-f]{32}$/);

  const fired = await page.request.post(url);
  expect(fired.status()).toBe(201);
  const { job } = (await fired.json()) as { job: { id: string } };
  await page.goto(`/${slug}/${name}/${job.id}`);
  await waitForState(page, 'Ready');
});
