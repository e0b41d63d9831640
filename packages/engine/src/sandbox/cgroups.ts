// Memory, process and CPU limits of one job through cgroups: v2 where this process's cgroup is
// delegated, v1 `memory`, `pids` and `cpu` hierarchies where that is what the machine has. Each job
// gets child cgroups under this process's own cgroups (read from /proc/self/cgroup, never the root),
// so the limits nest inside whatever the operator gave Nimbus. Null when none can be created: the
// caller then falls back to prlimit.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomString } from '@nimbus/db';
import type { LimitName, SandboxLimits } from './options';

const ROOT = '/sys/fs/cgroup';

export interface JobCgroups {
  /** Moves a process (and its later children) into the job's cgroups. */
  add(pid: number): Promise<void>;
  /** The limit the job ran into so far, if any. */
  exceeded(): Promise<LimitName | null>;
  remove(): Promise<void>;
}

function ownPaths(): Map<string, string> {
  const paths = new Map<string, string>();
  for (const line of readFileSync('/proc/self/cgroup', 'utf8').trim().split('\n')) {
    const [, controllers, where] = line.split(':');
    for (const c of controllers ? controllers.split(',') : ['']) paths.set(c, where ?? '/');
  }
  return paths;
}

/** A "key value" counter of a cgroup events file; 0 when absent. */
async function counter(file: string, key: string): Promise<number> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const line = text.split('\n').find((l) => l.startsWith(`${key} `));
  return line ? Number(line.slice(key.length + 1)) : 0;
}

const isUnified = () => !existsSync(path.join(ROOT, 'memory')) && existsSync(path.join(ROOT, 'cgroup.controllers'));

/** The folders this process makes job cgroups in: its own cgroup (v2), or its memory, pids and cpu cgroups (v1). */
export function jobCgroupParents(): string[] {
  const own = ownPaths();
  return isUnified()
    ? [path.join(ROOT, own.get('') ?? '/')]
    : ['memory', 'pids', 'cpu'].map((c) => path.join(ROOT, c, own.get(c) ?? '/'));
}

/** Job cgroups carry the pid of the process that made them, so a sweep at start can tell orphans (sweep.ts). */
export const JOB_CGROUP_PREFIX = 'nimbus-job-';

export async function createCgroups(limits: SandboxLimits): Promise<JobCgroups | null> {
  const name = `${JOB_CGROUP_PREFIX}${process.pid}-${randomString(10)}`;
  const unified = isUnified();
  const parents = jobCgroupParents();
  // Each entry: the job's cgroup folder and the files that set and report its limits.
  const plan = unified
    ? [{ kind: 'all', dir: path.join(parents[0]!, name), files: v2Files(limits) }]
    : [
        { kind: 'memory', dir: path.join(parents[0]!, name), files: v1Memory(limits) },
        { kind: 'pids', dir: path.join(parents[1]!, name), files: v1Pids(limits) },
        { kind: 'cpu', dir: path.join(parents[2]!, name), files: v1Cpu(limits) },
      ].filter((p) => Object.keys(p.files).length > 0);
  const made: string[] = [];
  try {
    for (const { dir, files } of plan) {
      await mkdir(dir);
      made.push(dir);
      for (const [file, value] of Object.entries(files)) await writeFile(path.join(dir, file), value);
    }
  } catch {
    await Promise.all(made.map((dir) => rmdir(dir).catch(() => undefined)));
    return null;
  }
  const dirOf = (kind: string) => plan.find((p) => p.kind === kind || p.kind === 'all')?.dir;
  const memoryDir = dirOf('memory');
  const pidsDir = dirOf('pids');
  return {
    async add(pid) {
      for (const dir of made) await writeFile(path.join(dir, 'cgroup.procs'), String(pid));
    },
    async exceeded() {
      if (memoryDir && limits.memory) {
        const oom = unified
          ? await counter(path.join(memoryDir, 'memory.events'), 'oom_kill')
          : await counter(path.join(memoryDir, 'memory.oom_control'), 'oom_kill');
        if (oom > 0) return 'memory';
      }
      if (pidsDir && limits.processes && (await counter(path.join(pidsDir, 'pids.events'), 'max')) > 0)
        return 'processes';
      return null;
    },
    async remove() {
      for (const dir of made) await removeCgroup(dir);
    },
  };
}

/** Kills what is left in a job's cgroup and removes it; false when it would not go. */
export async function removeCgroup(dir: string): Promise<boolean> {
  // Each attempt kills what the cgroup holds then: a process forked while the last sweep ran (a job
  // killed mid-start) is caught by the next one instead of outliving the job.
  for (let i = 0; i < 50; i++) {
    const procs = await readFile(path.join(dir, 'cgroup.procs'), 'utf8').catch(() => '');
    for (const pid of procs.split('\n').filter(Boolean)) killQuietly(Number(pid));
    if (
      await rmdir(dir).then(
        () => true,
        () => false,
      )
    )
      return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

/** SIGKILL to one process, nothing if it is gone already. */
export function killQuietly(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function v2Files(l: SandboxLimits): Record<string, string> {
  const files: Record<string, string> = {};
  if (l.memory) files['memory.max'] = String(l.memory);
  if (l.processes) files['pids.max'] = String(l.processes);
  if (l.cpuWeight) files['cpu.weight'] = String(l.cpuWeight);
  return files;
}

const v1Memory = (l: SandboxLimits): Record<string, string> =>
  l.memory ? { 'memory.limit_in_bytes': String(l.memory) } : {};
const v1Pids = (l: SandboxLimits): Record<string, string> => (l.processes ? { 'pids.max': String(l.processes) } : {});
const v1Cpu = (l: SandboxLimits): Record<string, string> =>
  l.cpuWeight ? { 'cpu.shares': String(Math.max(2, Math.round((l.cpuWeight * 1024) / 100))) } : {};
