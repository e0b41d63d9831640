// `npm test`: unit and API suites (vitest), then the browser journeys (Playwright + Debian Chromium).
import { spawnSync } from 'node:child_process';

function run(cmd, args) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('npx', ['vitest', 'run']);
run('npx', ['playwright', 'test']);
