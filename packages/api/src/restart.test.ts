// Crash recovery: kill -9 the Nimbus process in the middle of a build, start it again on the same
// data dir, and the deployment is built again instead of staying BUILDING forever.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { openDatabase } from '@nimbus/db';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { sha1 } from './engine-testing';

const root = path.resolve(import.meta.dirname, '../../..');
let dataDir: string;
let child: ChildProcess | null = null;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'nimbus-restart-'));
  // Seed the child's PGlite dir from the migrated template: a fresh one takes many seconds to create.
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    const seeded = await openDatabase({
      dataDir: path.join(dataDir, 'db'),
      loadDataDir: new Blob([await readFile(template.file)]),
      migrate: false,
    });
    await seeded.close();
  }
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

/** Starts `test/api-server.ts` as its own process on PGlite in `dataDir`; resolves with its port. */
async function start(): Promise<number> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NIMBUS_DATA_DIR: dataDir,
    PORT: '0',
    NIMBUS_SECRET: 'restart-secret-restart-secret-restart-secret',
    NIMBUS_BUILD_DIR: path.join(dataDir, '..', `${path.basename(dataDir)}-builds`),
  };
  delete env.DATABASE_URL;
  child = spawn(process.execPath, ['--import', 'tsx', 'test/api-server.ts'], {
    cwd: root,
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) if (line.startsWith('{"port"')) return JSON.parse(line).port;
  throw new Error('the server exited before listening');
}

// Two server starts and two builds: about 90 s on a slow two-core machine beside the PostgreSQL journeys, so room for twice that.
it('builds a deployment again after the process is killed during its build', { timeout: 240_000 }, async () => {
  let base = `http://127.0.0.1:${await start()}`;
  const headers = { 'content-type': 'application/json', origin: base };
  const signup = await fetch(`${base}/v2/registration`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'crash@example.com', password: 'correct horse battery' }),
  });
  const cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const tokenRes = await fetch(`${base}/v3/user/tokens`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ name: 'crash' }),
  });
  const auth = { authorization: `Bearer ${(await tokenRes.json()).bearerToken}`, 'content-type': 'application/json' };

  const pkg = JSON.stringify({
    scripts: {
      build: `node -e "setTimeout(() => { require('fs').mkdirSync('public'); require('fs').writeFileSync('public/index.html', 'survived') }, 3000)"`,
    },
  });
  const body = JSON.stringify({ name: 'crash-site', files: [{ file: 'package.json', data: pkg }] });
  const created = await (await fetch(`${base}/v13/deployments`, { method: 'POST', headers: auth, body })).json();
  const state = async () =>
    (await (await fetch(`${base}/v13/deployments/${created.id}`, { headers: auth })).json()).readyState;
  expect(created.id, JSON.stringify(created)).toMatch(/^dpl_/);
  while ((await state()) !== 'BUILDING') await new Promise((r) => setTimeout(r, 100));

  child!.kill('SIGKILL');
  await new Promise((r) => child!.once('exit', r));
  base = `http://127.0.0.1:${await start()}`;

  let now = await state();
  for (
    const until = Date.now() + 60_000;
    !['READY', 'ERROR', 'CANCELED'].includes(now) && Date.now() < until;
    now = await state()
  ) {
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(now).toBe('READY');
  const log = await (await fetch(`${base}/v3/now/deployments/${created.id}/events`, { headers: auth })).text();
  expect(log).toMatch(/building it again \(attempt 2 of 3\)/);
  const tree = await (await fetch(`${base}/file-tree?deploymentId=${created.id}`, { headers: auth })).json();
  expect(tree).toEqual([expect.objectContaining({ name: 'index.html', uid: sha1('survived') })]);
  child!.kill('SIGTERM');
});
