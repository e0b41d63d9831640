// `npm test`: the unit and API suites (vitest) and the browser journeys (Playwright + Debian Chromium),
// side by side. The journeys spend their time waiting on pages, not computing, so they barely slow the
// suites, and the two together take about as long as the journeys alone. vitest prints as it goes;
// Playwright's report is kept in a file and printed once both are done, so the two never interleave.
// NIMBUS_TEST_SERIAL=1 runs them one after the other, printing both as they go.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild, ensureCliBuild } from './start.mjs';

const since = (start) => `${Math.round((Date.now() - start) / 1000)} s`;

/** Runs a command to its end; its output goes to `log` (a file) or to this terminal. Resolves with its exit code. */
function run(cmd, args, log) {
  console.log(`\n$ ${cmd} ${args.join(' ')}${log ? `   (report in ${log})` : ''}`);
  const child = spawn(cmd, args, { stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
  if (log) {
    const file = createWriteStream(log);
    child.stdout.pipe(file);
    child.stderr.pipe(file);
  }
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

// Build the web app and the CLI here, once, before either suite: the journeys' server would otherwise
// build inside Playwright's start-up time limit, and vitest's start-up test would build beside it.
let start = Date.now();
ensureBuild();
ensureCliBuild();
console.log(`--- web app and CLI build: ${since(start)}`);

start = Date.now();
const vitest = () => run('npx', ['vitest', 'run']);
let codes;
if (process.env.NIMBUS_TEST_SERIAL) {
  codes = [await vitest(), await run('npx', ['playwright', 'test'])];
} else {
  const report = path.join(tmpdir(), `nimbus-playwright-${process.pid}.log`);
  const journeys = run('npx', ['playwright', 'test'], report).then((code) => {
    console.log(`--- playwright finished: ${since(start)}`);
    return code;
  });
  const suites = await vitest();
  console.log(`--- vitest finished: ${since(start)}${suites ? ` (exit ${suites})` : ''}; waiting for the journeys`);
  const code = await journeys;
  console.log(`\n--- the journeys' report (Playwright, exit ${code}):\n${await readFile(report, 'utf8')}`);
  codes = [suites, code];
}
console.log(`--- vitest and playwright: ${since(start)}`);
process.exit(codes.find((c) => c !== 0) ?? 0);
