// Runs one build step (an argument array, never a shell string of ours) in the sandbox with the
// operator's build limits, streams its output into the build log line by line, and turns a limit the
// step ran into into a BuildError that names the limit and the setting that raises it.
import { Writable } from 'node:stream';
import { checkSandbox, runSandboxed, type SandboxSettings, sandboxRefusal } from '../sandbox';
import { BuildError } from './files';

/** A command as an argument array, and how the log shows it. */
export interface Command {
  argv: string[];
  display: string;
}

export interface StepOptions {
  cwd: string;
  argv: string[];
  env: Record<string, string>;
  /** The host uid of the deployment's team (teamHostUid): the step runs as it and its folders are given to it. */
  hostUid: number;
  /** Folders the step may write: its build dir and the team's package cache. */
  writable: string[];
  /** Folders it may read besides the system, host path to sandbox path (the `vercel` package). */
  readOnly?: Record<string, string>;
  /** The build's own folder, whose size counts against the disk limit. */
  buildDir: string;
  settings: SandboxSettings;
  signal: AbortSignal;
  onOutput(stream: 'stdout' | 'stderr', text: string): void;
}

/** Disk a build may fill in its own folder (source, node_modules, output). */
export const BUILD_DISK_LIMIT = 10 * 1024 ** 3;

const size = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${Number((bytes / 1024 ** 3).toFixed(1))} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;

function lines(stream: 'stdout' | 'stderr', onOutput: StepOptions['onOutput']): Writable {
  let rest = '';
  return new Writable({
    write(chunk, _enc, done) {
      const parts = (rest + chunk).split(/\r?\n|\r/);
      rest = parts.pop()!;
      for (const line of parts) if (line.trim()) onOutput(stream, line);
      done();
    },
    final(done) {
      if (rest.trim()) onOutput(stream, rest);
      done();
    },
  });
}

/** Runs the step; resolves with its exit code (null when killed), throws when a limit stopped it. */
export async function runStep(o: StepOptions): Promise<number | null> {
  const status = await checkSandbox(o.settings);
  if (!status.isolated && status.refused) throw new BuildError('SANDBOX_UNAVAILABLE', sandboxRefusal(status.reason));
  const stdout = lines('stdout', o.onOutput);
  const stderr = lines('stderr', o.onOutput);
  const result = await runSandboxed({
    argv: o.argv,
    cwd: o.cwd,
    env: o.env,
    hostUid: o.hostUid,
    writable: o.writable,
    readOnly: o.readOnly,
    network: o.settings.network,
    isolate: status.isolated,
    limits: {
      memory: o.settings.memory,
      processes: o.settings.processes,
      // Half the weight of Nimbus itself, so the dashboard and API stay responsive during builds.
      cpuWeight: 50,
      disk: { bytes: BUILD_DISK_LIMIT, folders: [o.buildDir] },
    },
    stdout,
    stderr,
    signal: o.signal,
  }).catch((err: Error) => {
    throw new BuildError('SANDBOX_FAILED', `The build sandbox could not start: ${err.message}`);
  });
  stdout.end();
  stderr.end();
  const stopped = {
    memory: [
      'MEMORY_LIMIT',
      `The build used more than ${size(o.settings.memory)} of memory (NIMBUS_BUILD_MEMORY) and was stopped.`,
    ],
    processes: [
      'PROCESS_LIMIT',
      `The build started more than ${o.settings.processes} processes (NIMBUS_BUILD_PROCESSES) and was stopped.`,
    ],
    disk: ['DISK_LIMIT', `The build wrote more than ${size(BUILD_DISK_LIMIT)} to its folder and was stopped.`],
    time: ['BUILD_TIMEOUT', 'The build step ran past its time limit and was stopped.'],
  } as const;
  if (result.limit && !result.aborted) {
    const [code, message] = stopped[result.limit];
    o.onOutput('stderr', message);
    throw new BuildError(code, message);
  }
  return result.exitCode ?? null;
}
