// After a worker is killed with SIGKILL, its jobs' cgroups and its sandbox /etc folder stay behind;
// the next worker's start removes those whose process is gone and leaves live processes' alone.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive, sweepLeftovers } from './sweep';

const root = mkdtempSync(path.join(tmpdir(), 'nimbus-sweep-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The pid of a process that has already exited. */
const deadPid = () => spawnSync('true').pid!;

describe('sweepLeftovers', () => {
  it('removes the cgroups and /etc folders of stopped processes only', async () => {
    const cgroups = path.join(root, 'cgroup');
    const temp = path.join(root, 'tmp');
    const dead = deadPid();
    expect(isAlive(dead)).toBe(false);
    const parent = process.ppid;
    const dirs = {
      deadJob: path.join(cgroups, `nimbus-job-${dead}-abcdefghij`),
      ownJob: path.join(cgroups, `nimbus-job-${process.pid}-abcdefghij`),
      liveJob: path.join(cgroups, `nimbus-job-${parent}-abcdefghij`),
      olderJob: path.join(cgroups, 'nimbus-job-Xk2abcdefg'),
      other: path.join(cgroups, 'system.slice'),
      deadEtc: path.join(temp, `nimbus-sandbox-etc-${dead}-Ab12Cd`),
      liveEtc: path.join(temp, `nimbus-sandbox-etc-${parent}-Ab12Cd`),
      unrelated: path.join(temp, 'nimbus-builds'),
    };
    for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dirs.deadEtc, 'passwd'), 'root:x:0:0::/root:/usr/sbin/nologin\n');

    const removed = await sweepLeftovers({ cgroupParents: [cgroups], tempDir: temp });

    expect(removed.sort()).toEqual([dirs.deadEtc, dirs.deadJob].sort());
    for (const dir of [dirs.ownJob, dirs.liveJob, dirs.olderJob, dirs.other, dirs.liveEtc, dirs.unrelated])
      expect(existsSync(dir)).toBe(true);
    expect(existsSync(dirs.deadJob) || existsSync(dirs.deadEtc)).toBe(false);
  });
});
