// Leftovers of a process killed with SIGKILL (which runs no cleanup): its jobs' cgroups and its
// generated /etc folder. Both names carry the pid of the process that made them; at worker start,
// those whose process is gone are removed, after killing anything still running in such a cgroup.
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JOB_CGROUP_PREFIX, jobCgroupParents, removeCgroup } from './cgroups';
import { ETC_DIR_PREFIX } from './system-files';

export interface SweepOptions {
  /** Where job cgroups are made; default this process's own cgroups. */
  cgroupParents?: string[];
  /** Where the generated /etc folders are; default the temp dir. */
  tempDir?: string;
}

/** True while a process with this pid exists (also one of another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid in `<prefix><pid>-…`, or null for a name without one (made before names carried it). */
function ownerOf(name: string, prefix: string): number | null {
  const match = name.startsWith(prefix) ? /^(\d+)-/.exec(name.slice(prefix.length)) : null;
  return match ? Number(match[1]) : null;
}

async function entries(dir: string, prefix: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => n.startsWith(prefix));
}

/** Removes orphaned job cgroups and /etc folders; returns the paths it removed. */
export async function sweepLeftovers(o: SweepOptions = {}): Promise<string[]> {
  const removed: string[] = [];
  const parents = o.cgroupParents ?? safely(jobCgroupParents) ?? [];
  for (const parent of parents) {
    for (const name of await entries(parent, JOB_CGROUP_PREFIX)) {
      const owner = ownerOf(name, JOB_CGROUP_PREFIX);
      // A name without a pid (made by an older Nimbus) may belong to a live worker about to use it.
      if (owner === null || owner === process.pid || isAlive(owner)) continue;
      const dir = path.join(parent, name);
      if (await removeCgroup(dir)) removed.push(dir);
    }
  }
  const temp = o.tempDir ?? tmpdir();
  for (const name of await entries(temp, ETC_DIR_PREFIX)) {
    const owner = ownerOf(name, ETC_DIR_PREFIX);
    if (owner === null || owner === process.pid || isAlive(owner)) continue;
    await rm(path.join(temp, name), { recursive: true, force: true });
    removed.push(path.join(temp, name));
  }
  return removed;
}

function safely<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
