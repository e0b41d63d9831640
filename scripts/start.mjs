// `npm start`: builds the web app when its sources are newer than the last build, then runs the
// one Nimbus process (apps/web/server.ts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureBuild();
  const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const server = spawn(process.execPath, [tsx, path.join(web, 'server.ts'), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
}
