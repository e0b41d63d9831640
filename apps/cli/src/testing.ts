// Test helpers: build the CLI once per test file (esbuild, well under a second, so never stale)
// and run dist/nimbus.js as a child process with argument arrays, a private config dir and no TTY.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const cliRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLI = path.join(cliRoot, 'dist', 'nimbus.js');

export async function buildCli(): Promise<void> {
  await promisify(execFile)(process.execPath, [path.join(cliRoot, 'build.mjs')]);
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A CLI user: their own config dir and, optionally, environment (NIMBUS_TOKEN ...). */
export async function cliUser(api: string) {
  const home = await mkdtemp(path.join(tmpdir(), 'nimbus-cli-'));
  const configDir = path.join(home, 'config');
  const baseEnv = () => {
    const { NIMBUS_TOKEN: _token, FORCE_COLOR: _force, NO_COLOR: _no, ...rest } = process.env;
    return { ...rest, NIMBUS_CONFIG_DIR: configDir, HOME: home };
  };

  /** Starts `nimbus ...args --api <api>` (opts.api overrides); stdin gets `input` (or nothing) and is closed. */
  function start(
    args: string[],
    opts: { cwd?: string; env?: Record<string, string>; input?: string; api?: string } = {},
  ): { child: ChildProcess; done: Promise<CliResult> } {
    const child = spawn(process.execPath, [CLI, ...args, '--api', opts.api ?? api], {
      cwd: opts.cwd ?? home,
      env: { ...baseEnv(), ...opts.env },
    });
    child.stdin!.end(opts.input ?? '');
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    const done = new Promise<CliResult>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    });
    return { child, done };
  }

  const run = (args: string[], opts: Parameters<typeof start>[1] = {}) => start(args, opts).done;

  return { home, configDir, start, run, remove: () => rm(home, { recursive: true, force: true }) };
}

/** Resolves with the first match of `pattern` in the child's stderr (e.g. the device code). */
export function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs = 15_000): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no ${pattern} in output: ${seen}`)), timeoutMs);
    child.stderr!.on('data', (d) => {
      seen += d;
      const match = seen.match(pattern);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
  });
}
