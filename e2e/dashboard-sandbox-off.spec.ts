// An operator who runs builds without isolation (NIMBUS_BUILD_SANDBOX=off): every signed-in page
// warns about it, and so does GET /api/health. A second Nimbus, started here with that setting,
// on the same built web app; the suite's own server (sandbox on) shows no warning.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { fillSignup, signUp, test, uniqueEmail } from './helpers';

const port = Number(process.env.E2E_PORT ?? 3210) + 50;
const origin = `http://localhost:${port}`;
let server: ChildProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = await mkdtemp(path.join(tmpdir(), 'nimbus-e2e-sandbox-off-'));
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      NIMBUS_DATA_DIR: dataDir,
      NIMBUS_PUBLIC_URL: origin,
      NIMBUS_ENV: 'development',
      NIMBUS_TRUST_PROXY: '1',
      NIMBUS_BUILD_SANDBOX: 'off',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  for (let i = 0; ; i++) {
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 400) throw new Error(`the second Nimbus did not start on port ${port}`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((r) => server?.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
});

test('warns every signed-in user while builds run without isolation', async ({ page, request }) => {
  const health = await (await request.get(`${origin}/api/health`)).json();
  expect(health.sandbox).toMatchObject({ mode: 'off', isolated: false, refused: false });

  await page.goto(`${origin}/signup`);
  await fillSignup(page, uniqueEmail('unisolated'));
  await page.waitForURL((url) => url.pathname !== '/signup');
  const banner = page.getByRole('alert', { name: 'Builds run without isolation' });
  await expect(banner).toContainText('NIMBUS_BUILD_SANDBOX=off');
  await page.goto(`${origin}/new`);
  await expect(banner).toBeVisible();
});

test('shows no warning where builds are isolated', async ({ page }) => {
  await signUp(page);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Builds run without isolation' })).toHaveCount(0);
});
