// The bubblewrap command line of one job: new namespaces of every kind (user, pid, network, ipc,
// uts, cgroup) with uid 1000 inside (its team's host uid outside: see host-user.ts), no capabilities, no
// nested user namespaces, a fresh /proc for its pid namespace, a private /tmp (of a fixed size when
// asked), the read-only system and only its own folders writable. The job's environment is not on this command line, which any
// host user can read in the process list (`ps -eo args`): it holds decrypted secrets, so it reaches
// bubblewrap through a pipe (`--args`, see envArgs).

import type { SandboxOptions } from './options';
import { SANDBOX_UID, systemMounts } from './system-files';

/** File descriptors bubblewrap is given next to stdin, stdout and stderr. */
export const FD = { info: 3, block: 4, seccomp: 5, env: 6 } as const;

export function bwrapArgs(o: SandboxOptions, withSeccomp: boolean): string[] {
  const args = systemMounts(o.network);
  // --size applies to the --tmpfs that follows it.
  if (o.limits?.tmp) args.push('--size', String(o.limits.tmp));
  args.push('--tmpfs', '/tmp', '--proc', '/proc', '--dev', '/dev');
  for (const [from, to] of Object.entries(o.readOnly ?? {})) args.push('--ro-bind', from, to);
  for (const dir of o.writable) args.push('--bind', dir, dir);
  // Last, once every mount point in them exists.
  if (o.readOnlyRoot) args.push('--remount-ro', '/dev', '--remount-ro', '/');
  args.push(
    ...[
      '--unshare-all',
      '--unshare-user',
      '--disable-userns',
      '--uid',
      String(SANDBOX_UID),
      '--gid',
      String(SANDBOX_UID),
    ],
    ...['--cap-drop', 'ALL', '--die-with-parent', '--new-session', '--hostname', 'sandbox'],
    // The job waits on the block fd until its cgroups and network are in place.
    ...['--info-fd', String(FD.info), '--block-fd', String(FD.block)],
  );
  if (withSeccomp) args.push('--seccomp', String(FD.seccomp));
  // bubblewrap applies --clearenv and each --setenv as it reads them: the variables come after the clear.
  args.push('--chdir', o.cwd, '--clearenv', '--args', String(FD.env));
  return [...args, '--', ...o.argv];
}

/** The `--setenv` arguments of the job's variables, NUL-separated as bubblewrap reads them from FD.env. */
export function envArgs(env: Record<string, string>): Buffer {
  const parts = Object.entries(env).flatMap(([k, v]) => ['--setenv', k, v]);
  return Buffer.from(parts.map((p) => `${p}\0`).join(''));
}
