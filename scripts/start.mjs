// `npm start`: says first what the build sandbox lacks on this machine, builds the web app and the
// nimbus CLI (which the server hands out at /cli/nimbus.tgz) when their sources are newer than the last
// build, then runs the one Nimbus process (apps/web/server.ts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandboxNotice } from '../packages/engine/src/sandbox/requirements.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps', 'web');
const distDir = path.join(web, process.env.NIMBUS_NEXT_DIST ?? '.next');
// The dashboard's server components bundle the API's services, the db package and the engine too.
const SOURCES = [
  'apps/web',
  'packages/core',
  'packages/client',
  'packages/ui',
  'packages/api',
  'packages/db',
  'packages/engine',
];
const SKIP = new Set(['node_modules', '.next', 'server', 'test-results']);

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.next')) continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

export function ensureBuild() {
  const buildId = path.join(distDir, 'BUILD_ID');
  const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
  if (built && built >= changed && !process.env.NIMBUS_REBUILD) return;
  console.log('Building the Nimbus web app (first start or sources changed)...');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build', web],
    { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The CLI bundle (apps/cli/build.mjs) takes its own sources and the packages it bundles.
const CLI_SOURCES = [
  'apps/cli/src',
  'apps/cli/bin',
  'apps/cli/package.json',
  'packages/client/src',
  'packages/core/src',
];

export function ensureCliBuild() {
  const bundle = path.join(root, 'apps', 'cli', 'dist', 'nimbus.js');
  const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  const changed = Math.max(
    ...CLI_SOURCES.map((s) => {
      const full = path.join(root, s);
      return statSync(full).isDirectory() ? newest(full) : statSync(full).mtimeMs;
    }),
  );
  if (built && built >= changed) return;
  console.log('Building the nimbus CLI (first start or sources changed)...');
  const result = spawnSync(process.execPath, [path.join(root, 'apps', 'cli', 'build.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Before the minute a first build of the web app takes: which commands the build sandbox misses and
 * the Debian command that installs them, or that builds run without isolation. Nimbus starts anyway;
 * its builds are refused with the same words until the commands are there.
 */
export function checkSandboxAtStart(env = process.env, argv = process.argv.slice(2)) {
  for (const line of sandboxNotice(env, argv)) console.warn(line);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  checkSandboxAtStart();
  ensureBuild();
  ensureCliBuild();
  const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const server = spawn(process.execPath, [tsx, path.join(web, 'server.ts'), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
}
