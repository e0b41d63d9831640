// The build image: which tools a project gets (Vercel's own rules, run over real lockfiles), and a
// tool fetched once from the registry into the cache, however many builds ask for it at once.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureTool, prepareToolchain, TOOLS, toolchainRoot, toolNeeds } from './toolchain';
import { vercelCli } from './vercel-build';

const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function project(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'nimbus-toolchain-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  return dir;
}

const needs = async (files: Record<string, string>, nodeVersion: string | null = null, config = {}) =>
  toolNeeds(vercelCli()!.script, await project(files), nodeVersion, config);
/** What a tool from the cache prints for `--version`, run on the machine's Node.js. */
const versionOf = async (bin: string) =>
  (
    await run(bin, ['--version'], { env: { ...process.env, PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin` } })
  ).stdout.trim();
const pkg = (extra: Record<string, unknown> = {}) => JSON.stringify({ name: 'app', version: '1.0.0', ...extra });

describe('the tools a project gets', () => {
  it('Node.js 24 with npm by default, 22 from engines.node or the project setting', async () => {
    expect(await needs({ 'package.json': pkg() })).toMatchObject({ node: 24, summary: 'Node.js 24.x, npm' });
    expect(await needs({ 'package.json': pkg({ engines: { node: '22.x' } }) })).toMatchObject({ node: 22 });
    expect(await needs({ 'package.json': pkg() }, '22.x')).toMatchObject({ node: 22 });
    // engines.node wins over the setting, as on Vercel.
    expect(await needs({ 'package.json': pkg({ engines: { node: '>=24' } }) }, '22.x')).toMatchObject({ node: 24 });
  });

  it('refuses Node.js 20, which the builders discontinued, with a message naming what works', async () => {
    await expect(needs({ 'package.json': pkg({ engines: { node: '20.x' } }) })).rejects.toMatchObject({
      code: 'NODE_VERSION_INVALID',
      message: expect.stringMatching(/20\.x.*Nimbus builds with Node\.js 24\.x or 22\.x/),
    });
  });

  it('the pnpm major from the lockfile version, or the release packageManager pins', async () => {
    const lock = (version: string) => `lockfileVersion: '${version}'\n`;
    expect(await needs({ 'package.json': pkg(), 'pnpm-lock.yaml': lock('5.4') })).toMatchObject({ pnpm: 7 });
    expect(await needs({ 'package.json': pkg(), 'pnpm-lock.yaml': lock('6.0') })).toMatchObject({ pnpm: 8 });
    expect(await needs({ 'package.json': pkg(), 'pnpm-lock.yaml': lock('9.0') })).toMatchObject({ pnpm: 9 });
    const pinned = await needs({
      'package.json': pkg({ packageManager: 'pnpm@10.4.1' }),
      'pnpm-lock.yaml': lock('9.0'),
    });
    expect(pinned).toMatchObject({ pnpm: 10, pnpmVersion: '10.4.1', summary: 'Node.js 24.x, pnpm 10.4.1' });
    const hashed = await needs({
      'package.json': pkg({ packageManager: 'pnpm@9.13.0+sha512.beb9e2a8' }),
      'pnpm-lock.yaml': lock('9.0'),
    });
    expect(hashed).toMatchObject({ pnpm: 9, pnpmVersion: '9.13.0' });
    expect(await needs({ 'package.json': pkg(), 'pnpm-lock.yaml': lock('9.0') })).not.toHaveProperty('pnpmVersion');
  });

  it('bun from its lockfile or bunVersion, yarn 1 or the Berry major a project pins', async () => {
    expect(await needs({ 'package.json': pkg(), 'bun.lock': '{ "lockfileVersion": 1 }' })).toMatchObject({ bun: true });
    const bunRuntime = await needs({ 'package.json': pkg() }, null, { bunVersion: '1.x' });
    expect(bunRuntime).toMatchObject({ bun: true, node: 24 });
    expect(await needs({ 'package.json': pkg(), 'yarn.lock': '# yarn lockfile v1\n' })).toMatchObject({ yarn: 1 });
    const berry = await needs({
      'package.json': pkg({ packageManager: 'yarn@4.5.0' }),
      'yarn.lock': '__metadata:\n  version: 8\n',
    });
    expect(berry).toMatchObject({ yarn: 4 });
  });
});

describe('the cache', () => {
  it('fetches a tool once for concurrent builds, where the builders look for it, and runs it', {
    timeout: 180_000,
  }, async () => {
    const root = await project({});
    let installs = 0;
    const onInstall = () => installs++;
    const [a, b] = await Promise.all([
      ensureTool(TOOLS.pnpm(9), root, onInstall),
      ensureTool(TOOLS.pnpm(9), root, onInstall),
    ]);
    expect(a).toBe(b);
    expect(installs).toBe(1);
    expect(existsSync(path.join(root, 'pnpm9', '.complete'))).toBe(true);
    expect(await versionOf(path.join(a, 'node_modules', '.bin', 'pnpm'))).toMatch(/^9\.\d+\.\d+$/);
    // A later build finds it at once.
    await ensureTool(TOOLS.pnpm(9), root, onInstall);
    expect(installs).toBe(1);
  });

  it('installs the exact pnpm release a project pins where the builders look for its major', {
    timeout: 180_000,
  }, async () => {
    const root = toolchainRoot();
    // Vercel's vue starter pins pnpm@9.13.0 in packageManager and engines.pnpm, which pnpm enforces.
    const prepared = await prepareToolchain(
      { node: 24, pnpm: 9, pnpmVersion: '9.13.0', summary: '' },
      { isolated: true },
    );
    expect(Object.entries(prepared.mounts)).toContainEqual([path.join(root, 'pnpm9.13.0'), '/pnpm9']);
    expect(await versionOf(path.join(root, 'pnpm9.13.0', 'node_modules', '.bin', 'pnpm'))).toBe('9.13.0');
    // A release the registry does not have falls back to the major's newest.
    const missing = await prepareToolchain(
      { node: 24, pnpm: 9, pnpmVersion: '9.999.0', summary: '' },
      { isolated: true },
    );
    expect(Object.entries(missing.mounts)).toContainEqual([path.join(root, 'pnpm9'), '/pnpm9']);
  });

  it('mounts each tool where the builders look for it, and the cache itself at its own path', {
    timeout: 180_000,
  }, async () => {
    const prepared = await prepareToolchain({ node: 24, pnpm: 9, summary: '' }, { isolated: true });
    const root = toolchainRoot();
    expect(Object.entries(prepared.mounts)).toContainEqual([path.join(root, 'pnpm9'), '/pnpm9']);
    expect(Object.entries(prepared.mounts)).toContainEqual([
      path.join(root, 'node24', TOOLS.node(24).mount),
      '/node24',
    ]);
    expect(prepared.mounts[root]).toBe(root);
    // yarn 1 through the cache's own `bin`, whatever the project's package manager, as in Vercel's image.
    const npmProject = await prepareToolchain({ node: 24, summary: '' }, { isolated: true });
    expect(npmProject.path).toContain(path.join(root, 'bin'));
    expect(await versionOf(path.join(root, 'bin', 'yarn'))).toMatch(/^1\.\d+\.\d+$/);
    expect(prepared).toMatchObject({ node: '/node24/bin/node', path: ['/node24/bin', path.join(root, 'bin')] });
  });
});
