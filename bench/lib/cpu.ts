// CPU time of processes, for benchmarks that report CPU per request beside requests per second (on a
// machine shared with the load generator, requests/s swing between runs; CPU per request holds).
import { readFileSync } from 'node:fs';

/** utime + stime of a process, from /proc (clock ticks of 10 ms on Linux); 0 once it is gone. */
export function procCpuMicros(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}

/** A process's children, from /proc. */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** utime + stime of a process and all its descendants (function runners under setpriv and bubblewrap). */
export function treeCpuMicros(pid: number): number {
  return procCpuMicros(pid) + childrenOf(pid).reduce((sum, child) => sum + treeCpuMicros(child), 0);
}

/** This process's CPU time, in microseconds. */
export function ownCpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}
