// `nimbus start --role web,api,edge,worker`: runs the Nimbus server of the checkout you are in
// (scripts/start.mjs), so one command starts every role at scale (docs/architecture.md). The CLI itself
// contains no server: outside a checkout it says where to run it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { CliError } from './errors';

const ROLES = ['web', 'api', 'edge', 'worker'];

function isCheckout(dir: string): boolean {
  const pkg = path.join(dir, 'package.json');
  if (!existsSync(path.join(dir, 'scripts', 'start.mjs')) || !existsSync(pkg)) return false;
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'nimbus';
}

/** The checkout around `from`, walking up to the file system root. */
function findCheckout(from: string): string | null {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (isCheckout(dir)) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

export function registerStart(program: Command): void {
  program
    .command('start')
    .description('Start the Nimbus server of this repository checkout')
    .option('--role <roles>', `comma list of ${ROLES.join(', ')} (default: all; a subset needs DATABASE_URL)`)
    .option(
      '--processes <n>',
      'copies of the server sharing the port, or auto for one per CPU (default 1; above 1 needs DATABASE_URL)',
    )
    .action((options: { role?: string; processes?: string }) => {
      const unknown =
        options.role
          ?.split(',')
          .map((r) => r.trim())
          .filter((r) => !ROLES.includes(r)) ?? [];
      if (unknown.length)
        throw new CliError(`Unknown role ${unknown.join(', ')}. Use a comma list of ${ROLES.join(', ')}.`);
      const root = findCheckout(process.cwd()) ?? findCheckout(path.dirname(fileURLToPath(import.meta.url)));
      if (!root)
        throw new CliError(
          '`nimbus start` runs the server of a Nimbus repository checkout. Run it inside one (it uses scripts/start.mjs).',
        );
      if (options.processes && !/^(auto|[1-9]\d{0,2})$/.test(options.processes))
        throw new CliError(`--processes takes a whole number (1 to 999) or auto, not "${options.processes}".`);
      const args = [
        ...(options.role ? ['--role', options.role] : []),
        ...(options.processes ? ['--processes', options.processes] : []),
      ];
      const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs'), ...args], {
        stdio: 'inherit',
        cwd: root,
      });
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
      child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
    });
}
