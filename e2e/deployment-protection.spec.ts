// Deployment protection (issue #16): an owner turns on Nimbus Authentication in the project's
// settings; a stranger's fresh browser is sent to log in, and the owner, logging in there, comes back
// to the preview. Then a password: the stranger sees the password page, a wrong password, then the
// site. Last, a bypass secret made in the dashboard lets curl through.
import { execFileSync } from 'node:child_process';
import { expect } from '@playwright/test';
import { deployFolder, deploymentUrl, uniqueName, waitForState } from './dashboard-helpers';
import { logIn, newContext, signUp, test } from './helpers';

test('protects a preview with Nimbus Authentication, a password and a bypass secret', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { email, slug } = await signUp(page);
  const name = uniqueName('guarded');
  await deployFolder(page, slug, name, { 'index.html': '<h1>secret preview</h1>' });
  await waitForState(page, 'Ready');
  const url = await deploymentUrl(page);

  await page.goto(`/${slug}/${name}/settings`);
  await page.getByRole('link', { name: 'Deployment Protection' }).click();
  const form = page.getByRole('region', { name: 'Deployment Protection' });
  await form.getByLabel('Nimbus Authentication').check();
  await expect(form.getByLabel('Authentication covers')).toHaveValue('preview');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Deployment protection saved.')).toBeVisible();

  // A stranger is sent to log in; the owner logging in from that browser lands on the preview.
  const context = await newContext(browser);
  const visitor = await context.newPage();
  await visitor.goto(url);
  await expect(visitor).toHaveURL(/\/login\?next=%2Fapi%2Fdeployment-auth/);
  await expect(visitor.getByText('secret preview')).toHaveCount(0);
  await logIn(visitor, email);
  await visitor.waitForURL((u) => u.host === new URL(url).host);
  await expect(visitor.getByRole('heading', { name: 'secret preview' })).toBeVisible();
  const jwt = (await context.cookies(url)).find((c) => c.name === '_nimbus_jwt');
  expect(jwt).toMatchObject({ httpOnly: true, domain: new URL(url).hostname });
  await context.close();

  // Password protection instead: the password page, a wrong password, then the right one. The first
  // save's toast leaves first (a pointer over the toasts holds them), so the next one is this save's.
  await page.mouse.move(0, 0);
  await expect(page.getByText('Deployment protection saved.')).toBeHidden();
  await form.getByLabel('Nimbus Authentication').uncheck();
  await form.getByLabel('Password Protection').check();
  await form.getByLabel('Password', { exact: true }).fill('blue harbour lantern');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Deployment protection saved.')).toBeVisible();
  const stranger = await (await newContext(browser)).newPage();
  await stranger.goto(url);
  await expect(stranger.getByRole('heading', { name: 'This deployment is password protected' })).toBeVisible();
  await stranger.getByLabel('Password').fill('wrong guess');
  await stranger.getByRole('button', { name: 'Continue' }).click();
  await expect(stranger.getByRole('alert')).toHaveText('Wrong password. Try again.');
  await stranger.getByLabel('Password').fill('blue harbour lantern');
  await stranger.getByRole('button', { name: 'Continue' }).click();
  await expect(stranger.getByRole('heading', { name: 'secret preview' })).toBeVisible();
  await stranger.context().close();

  // A bypass secret from the dashboard lets curl through; without it curl gets the password page.
  const bypass = page.getByRole('region', { name: 'Protection Bypass for Automation' });
  await bypass.getByRole('button', { name: 'Create secret' }).click();
  await expect(page.getByText('Bypass secret created.')).toBeVisible();
  const secret = (await bypass.getByTestId('bypass-secret').textContent())!.trim();
  const { host, port } = new URL(url);
  const curl = (...headers: string[]) =>
    execFileSync(
      'curl',
      ['-s', '-H', `Host: ${host}`, ...headers.flatMap((h) => ['-H', h]), `http://127.0.0.1:${port}/`],
      {
        encoding: 'utf8',
      },
    );
  expect(curl()).toContain('This deployment is password protected');
  expect(curl(`x-vercel-protection-bypass: ${secret}`)).toContain('<h1>secret preview</h1>');
});
