// What a caller asks of the sandbox and what it gets back. Builds use it now, function runners later,
// so nothing here knows about deployments: a command, its folders, its network and its limits.
import type { Writable } from 'node:stream';
import { z } from 'zod';
import { SANDBOX_UID_BASE_DEFAULT, SANDBOX_UID_BASE_MIN } from './host-user';

export const networkModes = z.enum(['public', 'none']);
export type NetworkMode = z.infer<typeof networkModes>;

export const sandboxLimits = z.object({
  /** Bytes of memory (RAM and tmpfs) of the whole process tree. */
  memory: z.number().int().positive().optional(),
  /** Processes and threads alive at once. */
  processes: z.number().int().positive().optional(),
  /** Relative CPU weight against other work on the machine (cgroup v2 scale: 100 is an equal share). */
  cpuWeight: z.number().int().min(1).max(10_000).optional(),
  /** Bytes the job's private /tmp (a tmpfs) may hold; what it holds counts in `memory` too. */
  tmp: z.number().int().positive().optional(),
  /** Bytes the job may store in the listed folders, measured every few seconds. */
  disk: z.object({ bytes: z.number().int().positive(), folders: z.array(z.string()) }).optional(),
  /** Wall-clock time limit in milliseconds. */
  timeoutMs: z.number().int().positive().optional(),
});
export type SandboxLimits = z.infer<typeof sandboxLimits>;
export type LimitName = 'memory' | 'processes' | 'disk' | 'time';

export interface SandboxOptions {
  argv: string[];
  cwd: string;
  /** The job's whole environment: nothing is inherited from the host. */
  env: Record<string, string>;
  /**
   * The host uid and gid the job runs as when Nimbus runs as root: its team's (teamHostUid), so no two
   * teams' jobs share an owner. Its writable folders are given to it; what it reads must be open to it.
   */
  hostUid: number;
  /** Folders the job may write, mounted at the same path; given to `hostUid` before it starts. */
  writable: string[];
  /** Extra read-only folders, host path to sandbox path. */
  readOnly?: Record<string, string>;
  network: NetworkMode;
  limits?: SandboxLimits;
  /** Only /tmp and `writable` may be written: the root and /dev, tmpfs of their own, are made read-only. */
  readOnlyRoot?: boolean;
  /** Called with the job's pid on the host (its pid 1) once it exists and before it runs; isolated jobs only. */
  onJob?(pid: number): void;
  stdout?: Writable;
  stderr?: Writable;
  signal?: AbortSignal;
  /** Run as a plain child process (NIMBUS_BUILD_SANDBOX=off): limits still apply where the machine allows. */
  isolate?: boolean;
  /**
   * How many times a job that bubblewrap failed to set up is started (default 3, see run.ts); the
   * self-test, which retries on its own schedule and reports what each run printed, starts it once.
   */
  attempts?: number;
}

export interface SandboxResult {
  /** Exit code of the command; null when it ended on a signal. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** The limit that ended the job, if one did. */
  limit: LimitName | null;
  /** Whether the caller's abort signal ended the job. */
  aborted: boolean;
}

/** Operator settings of build sandboxes (NIMBUS_BUILD_SANDBOX, _NETWORK, _MEMORY, _PROCESSES, NIMBUS_SANDBOX_UID_BASE). */
export const sandboxSettings = z.object({
  mode: z.enum(['on', 'off']).default('on'),
  network: networkModes.default('public'),
  memory: z
    .number()
    .int()
    .positive()
    .default(2 * 1024 ** 3),
  processes: z.number().int().positive().default(512),
  /** A team's jobs run as host uid uidBase + the team's number (host-user.ts). */
  uidBase: z.number().int().min(SANDBOX_UID_BASE_MIN).default(SANDBOX_UID_BASE_DEFAULT),
});
export type SandboxSettings = z.infer<typeof sandboxSettings>;
