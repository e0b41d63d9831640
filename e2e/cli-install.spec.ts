// The nimbus CLI comes from the Nimbus server the reader is on (issue 21): /cli and /docs/cli give
// this server's install line, the footer links to /cli, and the server hands out the tarball and its
// version there. (Installing and deploying with it: apps/web/server/cli-package.test.ts.)
import { expect, test } from '@playwright/test';

test('/cli gives the install line with this server, and the server hands out that tarball', async ({
  page,
  request,
  baseURL,
}) => {
  const install = `npm install -g ${baseURL}/cli/nimbus.tgz`;
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Install the CLI' }).click();
  await expect(page).toHaveURL('/cli');
  await expect(page.getByRole('heading', { level: 1, name: 'Install the Nimbus CLI' })).toBeVisible();
  await expect(page.getByText(install, { exact: true })).toBeVisible();
  await expect(page.getByText('nimbus deploy', { exact: true })).toBeVisible();

  await page.goto('/docs/cli');
  await expect(page.getByText(install).first()).toBeVisible();

  const version = await request.get('/cli/version');
  expect(version.status()).toBe(200);
  const body = await version.json();
  expect(body).toMatchObject({ name: 'nimbus-cli', tarball: `${baseURL}/cli/nimbus.tgz` });
  const tarball = await request.get('/cli/nimbus.tgz');
  expect(tarball.status()).toBe(200);
  expect(tarball.headers()['content-type']).toBe('application/gzip');
  expect(tarball.headers()['x-nimbus-cli-version']).toBe(body.version);
  // A gzip stream: the magic bytes 1f 8b.
  expect([...(await tarball.body()).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
});
