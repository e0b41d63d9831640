// `nimbus login` end to end (issue #6): the CLI prints a URL and a code, the person opens it in the
// browser (logging in first), checks the code, approves, and the CLI finishes signed in.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { logIn, logOut, signUp } from './helpers';

const NIMBUS = path.join(process.cwd(), 'apps', 'cli', 'bin', 'nimbus.js');

function nimbus(args: string[], configDir: string) {
  // Playwright sets FORCE_COLOR; the CLI honours it, and colour codes would split the printed code.
  const { FORCE_COLOR: _force, ...env } = process.env;
  const child = spawn(process.execPath, [NIMBUS, ...args], {
    env: { ...env, NIMBUS_CONFIG_DIR: configDir, NIMBUS_TOKEN: '' },
  });
  child.stdin.end();
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  let exited = false;
  void done.then(() => (exited = true));
  /** The first match of `pattern` in stderr; fails with what the CLI printed if it never comes. */
  const output = async (pattern: RegExp) => {
    for (const until = Date.now() + 20_000; Date.now() < until && !exited; ) {
      const match = stderr.match(pattern);
      if (match) return match;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`nimbus ${args.join(' ')} printed no ${pattern}:\n${stdout}${stderr}`);
  };
  return { done, output };
}

test('signs the CLI in after the code is approved on /device, logging in on the way', async ({ page, baseURL }) => {
  const configDir = await mkdtemp(path.join(tmpdir(), 'nimbus-e2e-cli-'));
  try {
    const { email, username } = await signUp(page);
    await logOut(page);

    const login = nimbus(['login', '--api', baseURL!], configDir);
    const [, url, code] = await login.output(/Open (\S+) in a browser[\s\S]*the code ([A-Z]{4}-[A-Z]{4})/);
    expect(url).toBe(`${baseURL}/device?code=${code}`);

    await page.goto(url!);
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/device?code=${code}`)}`);
    await logIn(page, email);
    await page.waitForURL(`**/device?code=${code}`);
    await expect(page.getByRole('heading', { name: 'Sign in the nimbus CLI' })).toBeVisible();
    await expect(page.getByText(code!, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('status')).toContainText('Approved.');

    const result = await login.done;
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Logged in as ${username}`);
    const whoami = await nimbus(['whoami', '--api', baseURL!], configDir).done;
    expect(whoami.stdout).toBe(`${username}\n`);

    await page.goto(url!);
    await expect(page.getByRole('heading', { name: 'This code cannot be used' })).toBeVisible();
  } finally {
    await rm(configDir, { recursive: true, force: true });
  }
});
