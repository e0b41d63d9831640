// Runs one build step (an argument array, never a shell string of ours) in a sandbox: bubblewrap
// when it is installed and passes a self-test, else a plain child process. Either way the step gets
// a clean environment, its own process group (so cancel and timeout kill the whole tree) and sees
// only the system folders, its build dir and the shared package cache: not the data dir, not other builds.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import path from 'node:path';

export interface StepOptions {
  cwd: string;
  argv: string[];
  env: Record<string, string>;
  /** Folders the step may write: its build dir and the package cache. */
  writable: string[];
  signal: AbortSignal;
  onOutput(stream: 'stdout' | 'stderr', text: string): void;
}

const SYSTEM_LINKS = ['/bin', '/lib', '/lib64', '/sbin'];
const SYSTEM_FILES = [
  '/etc/ssl',
  '/etc/ca-certificates',
  '/etc/resolv.conf',
  '/etc/hosts',
  '/etc/nsswitch.conf',
  '/etc/passwd',
  '/etc/group',
];

let bwrapWorks: boolean | undefined;

export function bwrapArgs(opts: Pick<StepOptions, 'cwd' | 'env' | 'writable'>): string[] {
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const dir of SYSTEM_LINKS) {
    if (!existsSync(dir)) continue;
    if (lstatSync(dir).isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
    else args.push('--ro-bind', dir, dir);
  }
  // Node installed outside /usr (nvm, /opt) must be visible too.
  const nodePrefix = path.resolve(process.execPath, '..', '..');
  if (!nodePrefix.startsWith('/usr')) args.push('--ro-bind', nodePrefix, nodePrefix);
  for (const file of SYSTEM_FILES) args.push('--ro-bind-try', file, file);
  args.push('--tmpfs', '/tmp', '--proc', '/proc', '--dev', '/dev');
  for (const dir of opts.writable) args.push('--bind', dir, dir);
  args.push(
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    '--die-with-parent',
    '--new-session',
  );
  args.push('--chdir', opts.cwd, '--clearenv');
  for (const [k, v] of Object.entries(opts.env)) args.push('--setenv', k, v);
  return args;
}

/** Whether bubblewrap is installed and can start node here (it needs user namespaces). */
export function sandboxAvailable(): boolean {
  if (bwrapWorks === undefined) {
    const probe = spawnSync(
      'bwrap',
      [...bwrapArgs({ cwd: '/', env: { PATH: '/usr/bin:/bin' }, writable: [] }), process.execPath, '-e', ''],
      { timeout: 10_000 },
    );
    bwrapWorks = probe.status === 0;
  }
  return bwrapWorks;
}

/** Runs the step; resolves with its exit code (null when killed). */
export function runStep(opts: StepOptions): Promise<number | null> {
  const sandboxed = sandboxAvailable();
  const [cmd, ...rest] = sandboxed ? ['bwrap', ...bwrapArgs(opts), '--', ...opts.argv] : opts.argv;
  return new Promise((resolve) => {
    const child = spawn(cmd!, rest, {
      cwd: opts.cwd,
      env: opts.env as NodeJS.ProcessEnv,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const kill = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    if (opts.signal.aborted) kill();
    opts.signal.addEventListener('abort', kill, { once: true });
    const pipe = (stream: 'stdout' | 'stderr') => {
      let rest = '';
      child[stream]!.setEncoding('utf8');
      child[stream]!.on('data', (chunk: string) => {
        const parts = (rest + chunk).split(/\r?\n|\r/);
        rest = parts.pop()!;
        for (const line of parts) if (line.trim()) opts.onOutput(stream, line);
      });
      child[stream]!.on('end', () => rest.trim() && opts.onOutput(stream, rest));
    };
    pipe('stdout');
    pipe('stderr');
    child.on('error', (err) => {
      opts.onOutput('stderr', `Could not start ${opts.argv[0]}: ${err.message}`);
      resolve(127);
    });
    child.on('close', (code) => {
      opts.signal.removeEventListener('abort', kill);
      resolve(code);
    });
  });
}
