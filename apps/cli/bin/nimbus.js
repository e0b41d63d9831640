#!/usr/bin/env node
// The `nimbus` command. Runs the bundled CLI (dist/nimbus.js, built by `npm run build` and by the
// `prepare` script on install and pack). In a repository checkout whose dist is missing or older
// than src/, it runs the TypeScript source through tsx instead, so a checkout never runs stale code.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist', 'nimbus.js');
const src = path.join(root, 'src');

function newestSource() {
  return Math.max(0, ...readdirSync(src).map((name) => statSync(path.join(src, name)).mtimeMs));
}

const distIsCurrent = existsSync(dist) && (!existsSync(src) || statSync(dist).mtimeMs >= newestSource());

if (distIsCurrent) {
  await import(pathToFileURL(dist).href);
} else {
  let tsx;
  try {
    tsx = createRequire(import.meta.url).resolve('tsx/cli');
  } catch {
    console.error('nimbus: dist/nimbus.js is missing and tsx is not installed. Run `npm run build` in apps/cli.');
    process.exit(1);
  }
  const child = spawn(process.execPath, [tsx, path.join(src, 'main.ts'), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
