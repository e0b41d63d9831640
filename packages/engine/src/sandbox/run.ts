// Runs one command in isolation and reports how it ended: its exit code or signal, and which limit
// (memory, processes, disk, time) stopped it, if one did. Killing the outer bubblewrap process kills
// the whole job: the job's pid 1 dies with its parent and takes its pid namespace with it. Nimbus's
// own death takes bubblewrap and slirp4netns along too (setpriv's parent-death signal). bubblewrap
// starts as the job's team's host uid (host-user.ts), never as root; cgroups and the network are
// still set up by Nimbus as root, from outside.
import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { Duplex } from 'node:stream';
import { bwrapArgs, envArgs, FD } from './bwrap-args';
import { createCgroups, type JobCgroups, killQuietly } from './cgroups';
import { watchDisk } from './disk';
import { checkReachable, handOver, hostUserArgs } from './host-user';
import { type JobNetwork, startPublicNetwork } from './network';
import type { LimitName, SandboxOptions, SandboxResult } from './options';
import { seccompProgram } from './seccomp';
import { nodePrefix } from './system-files';

/** Where bubblewrap and the tools around it are looked up, whatever PATH Nimbus was started with. */
export const HOST_PATH = '/usr/sbin:/usr/bin:/sbin:/bin';
const WATCH_MS = 250;

/**
 * bubblewrap's own failure to set up a sandbox's loopback device, which a busy kernel gives now and
 * then (`bwrap: loopback: Failed RTM_NEWADDR`): the job never ran, so it is started again, as the
 * self-test (check.ts) retries its probe. The last attempt's failure is reported as it is.
 */
const TRANSIENT_SETUP = /^bwrap: loopback: Failed RTM_NEW/;
const ATTEMPTS = 3;

export async function runSandboxed(o: SandboxOptions): Promise<SandboxResult> {
  const isolate = o.isolate !== false;
  if (isolate) {
    const node = nodePrefix();
    await checkReachable([...o.writable, ...Object.keys(o.readOnly ?? {}), ...(node ? [node] : [])], o.hostUid);
    await handOver(o.writable, o.hostUid);
  }
  for (let attempt = 1; ; attempt++) {
    const result = await runOnce(o, isolate && attempt < (o.attempts ?? ATTEMPTS));
    if (result !== 'again') return result;
    await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** (attempt - 1)));
  }
}

async function runOnce(o: SandboxOptions, mayRetry: boolean): Promise<SandboxResult | 'again'> {
  const limits = o.limits ?? {};
  const isolate = o.isolate !== false;
  const cgroups = await createCgroups(limits);
  const seccomp = isolate ? seccompProgram() : null;
  const command = isolate
    ? ['setpriv', '--pdeathsig', 'KILL', ...hostUserArgs(o.hostUid), '--', 'bwrap', ...bwrapArgs(o, !!seccomp)]
    : o.argv;
  // Without cgroups, rlimits still bound each process (not the tree; which one hit is unknown).
  if (!cgroups && limits.memory) command.unshift('prlimit', `--data=${limits.memory}`, '--');
  const stdio: StdioOptions = isolate
    ? ['ignore', 'pipe', 'pipe', 'pipe', 'pipe', 'pipe', 'pipe']
    : ['ignore', 'pipe', 'pipe'];
  // Next.js's type augmentation makes NODE_ENV required in ProcessEnv; the job's env is complete as it is.
  const env = (isolate ? { PATH: HOST_PATH } : o.env) as NodeJS.ProcessEnv;
  // bubblewrap enters o.cwd itself (--chdir): it may exist only inside the sandbox, like a function's /var/task.
  const cwd = isolate ? '/' : o.cwd;
  const child: ChildProcess = spawn(command[0]!, command.slice(1), { cwd, env, detached: !isolate, stdio });
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => {
    child.once('exit', (code, signal) => resolve([code, signal]));
    child.once('error', (err) => {
      o.stderr?.write(`Could not start ${command[0]}: ${err.message}\n`);
      resolve([127, null]);
    });
  });
  if (o.stdout) child.stdout!.pipe(o.stdout, { end: false });
  else child.stdout!.resume();
  const setup = watchSetup(child.stderr!, o.stderr, mayRetry);

  let limit: LimitName | null = null;
  let aborted = false;
  const kill = () => killTree(child, isolate);
  const stopFor = (reason: LimitName) => {
    limit ??= reason;
    kill();
  };
  const onAbort = () => {
    aborted = true;
    kill();
  };
  if (o.signal?.aborted) onAbort();
  o.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = limits.timeoutMs ? setTimeout(() => stopFor('time'), limits.timeoutMs) : undefined;
  const stopDisk = limits.disk ? watchDisk(limits.disk.folders, limits.disk.bytes, () => stopFor('disk')) : () => {};
  const watch = setInterval(() => void cgroups?.exceeded().then((hit) => hit && stopFor(hit)), WATCH_MS);
  let network: JobNetwork | null = null;
  try {
    if (isolate) network = await prepare(child, cgroups, o, seccomp, () => aborted || limit !== null);
    else if (child.pid) await cgroups?.add(child.pid).catch(() => undefined);
    const [exitCode, signal] = await exited;
    limit ??= (await cgroups?.exceeded()) ?? null;
    await Promise.all([drained(child.stdout!), drained(child.stderr!)]);
    if (setup.failed() && !aborted) return 'again';
    return { exitCode, signal, limit, aborted };
  } catch (err) {
    kill();
    await exited;
    await drained(child.stderr!);
    // The network is set up from outside once the job exists: a job that bubblewrap failed to set up is gone by then.
    if (setup.failed() && !aborted) return 'again';
    throw err;
  } finally {
    clearTimeout(timer);
    clearInterval(watch);
    stopDisk();
    o.signal?.removeEventListener('abort', onAbort);
    network?.stop();
    await cgroups?.remove();
  }
}

/**
 * Passes the job's stderr on, holding back its first line until it is whole: when that line is
 * bubblewrap's transient set-up failure and another attempt may follow, it is not shown.
 */
export function watchSetup(stderr: NodeJS.ReadableStream, out: NodeJS.WritableStream | undefined, mayRetry: boolean) {
  let held: string | null = '';
  let failed = false;
  const release = () => {
    if (held) out?.write(held);
    held = null;
  };
  stderr.on('data', (chunk: Buffer) => {
    if (held === null) return void out?.write(chunk);
    held += chunk.toString('utf8');
    const end = held.indexOf('\n');
    if (end < 0) return;
    if (mayRetry && TRANSIENT_SETUP.test(held)) {
      failed = true;
      held = held.slice(end + 1);
    }
    release();
  });
  stderr.once('end', release);
  return { failed: () => failed };
}

/** Puts the blocked sandbox into its cgroups and network, then lets it run. */
async function prepare(
  child: ChildProcess,
  cgroups: JobCgroups | null,
  o: SandboxOptions,
  seccomp: Buffer | null,
  stopped: () => boolean,
) {
  // bubblewrap closes these when the job ends; a reset there is not an error of the job.
  const [info, block, filter, env] = [FD.info, FD.block, FD.seccomp, FD.env].map((fd) => pipeAt(child, fd));
  for (const pipe of [info, block, filter, env]) pipe!.on('error', () => undefined);
  // bubblewrap reads the variables to their end while it parses its arguments, before the info line.
  env!.end(envArgs(o.env));
  filter!.end(seccomp ?? Buffer.alloc(0));
  const jobPid = await new Promise<number>((resolve, reject) => {
    let text = '';
    info!.on('data', (chunk) => {
      text += chunk;
      const pid = /"child-pid":\s*(\d+)/.exec(text)?.[1];
      if (pid) resolve(Number(pid));
    });
    info!.on('end', () => reject(new Error('bubblewrap could not create the sandbox; its error is in the log above.')));
  });
  await cgroups?.add(child.pid!);
  await cgroups?.add(jobPid);
  o.onJob?.(jobPid);
  const network = o.network === 'public' ? await startPublicNetwork(jobPid) : null;
  // A job aborted or stopped while it was being set up never starts: it is still blocked waiting for
  // its go, so it is alive and its pid is its own, and killing its pid 1 ends its namespace. (Its
  // parent, bubblewrap, is already gone: a job let go now would run unwatched.)
  if (stopped()) {
    network?.stop();
    killQuietly(jobPid);
    return null;
  }
  block!.end('go');
  return network;
}

function pipeAt(child: ChildProcess, fd: number): Duplex {
  const pipe = child.stdio.at(fd);
  if (!(pipe instanceof Duplex)) throw new Error(`bubblewrap's file descriptor ${fd} is not a pipe.`);
  return pipe;
}

function killTree(child: ChildProcess, isolate: boolean) {
  try {
    if (isolate) child.kill('SIGKILL');
    else process.kill(-child.pid!, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** Waits for a stream's last bytes, but not for a descendant that escaped and kept it open. */
function drained(stream: NodeJS.ReadableStream): Promise<void> {
  if ((stream as NodeJS.ReadableStream & { readableEnded?: boolean }).readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 1000);
    stream.once('end', () => {
      clearTimeout(timer);
      resolve();
    });
    stream.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
