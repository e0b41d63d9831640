// `npm test`: unit and API suites (vitest), then the browser journeys (Playwright + Debian Chromium).
import { spawnSync } from 'node:child_process';
import { ensureBuild, ensureCliBuild } from './start.mjs';

function run(cmd, args) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('npx', ['vitest', 'run']);
// Build the web app and the CLI here, once, rather than inside Playwright's server start-up, whose
// time limit a cold Next.js build on a busy machine can pass.
ensureBuild();
ensureCliBuild();
run('npx', ['playwright', 'test']);
