// The official `vercel` CLI against Nimbus (`--api` and a Nimbus token): whoami and teams ls.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, listen } from './testing';

const run = promisify(execFile);
const VERCEL = path.join(process.cwd(), 'node_modules', '.bin', 'vercel');

let t: Awaited<ReturnType<typeof createTestApi>>;
let server: Awaited<ReturnType<typeof listen>>;
let home: string;
let token: string;

async function vercel(...args: string[]) {
  const { stdout, stderr } = await run(VERCEL, [...args, '--api', server.url, '--token', token, '-Q', home], {
    env: { ...process.env, VERCEL_TELEMETRY_DISABLED: '1', NO_UPDATE_NOTIFIER: '1', FORCE_COLOR: '0', HOME: home },
    timeout: 60_000,
  });
  return `${stdout}\n${stderr}`;
}

beforeAll(async () => {
  t = await createTestApi();
  server = await listen(t.app);
  home = await mkdtemp(path.join(tmpdir(), 'nimbus-vercel-cli-'));
  const signed = await t.signup('cli-user@example.com', 'Cli User');
  token = signed.token;
  await t.call('POST', '/v1/teams', { token, body: { name: 'Acme Web', slug: 'acme-web' } });
});
afterAll(async () => {
  await server.close();
  await t.close();
  await rm(home, { recursive: true, force: true });
});

describe('vercel CLI', () => {
  it('whoami prints the username', async () => {
    const out = await vercel('whoami');
    expect(out).toContain('cli-user');
  });

  it('teams ls lists the personal account and the team', async () => {
    const out = await vercel('teams', 'ls');
    expect(out).toContain('acme-web');
    expect(out).toContain('Acme Web');
    expect(out).toContain('cli-user');
  });
});
