// Who a job runs as on the host: Nimbus as root switches to the job's team's own uid and hands it the
// job's folders; Nimbus run by another user has nothing to switch, since its jobs already run unprivileged.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkReachable, handOver, hostUserArgs, teamHostUid } from './host-user';

afterEach(() => vi.restoreAllMocks());

describe('sandbox host user', () => {
  it("switches from root to the team's uid and gid with no supplementary groups", () => {
    vi.spyOn(process, 'getuid').mockReturnValue(0);
    expect(hostUserArgs(200_007)).toEqual(['--reuid', '200007', '--regid', '200007', '--clear-groups']);
  });

  it("gives a team the base plus its number, and refuses what is no team's number or past the largest uid", () => {
    expect(teamHostUid(200_000, 1)).toBe(200_001);
    expect(teamHostUid(500_000, 42)).toBe(500_042);
    expect(() => teamHostUid(200_000, 0)).toThrow(/not a team's sandbox number/);
    expect(() => teamHostUid(200_000, 1.5)).toThrow(/not a team's sandbox number/);
    expect(() => teamHostUid(2 ** 32 - 2, 1)).toThrow(/lower NIMBUS_SANDBOX_UID_BASE/);
  });

  it('keeps an unprivileged Nimbus user as it is, without chown or reachability checks', async () => {
    vi.spyOn(process, 'getuid').mockReturnValue(1000);
    const closed = mkdtempSync(path.join(tmpdir(), 'nimbus-host-user-'));
    mkdirSync(path.join(closed, 'job'));
    expect(hostUserArgs(200_001)).toEqual([]);
    // mkdtemp's 0700 folder would be refused under root (the sandbox test covers that).
    await expect(checkReachable([path.join(closed, 'job')], 200_001)).resolves.toBeUndefined();
    await expect(handOver(['/nonexistent-folder'], 200_001)).resolves.toBeUndefined();
    rmSync(closed, { recursive: true, force: true });
  });
});
