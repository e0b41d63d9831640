// Who a job runs as on the host: Nimbus as root switches to uid 65534 and hands it the job's folders;
// Nimbus run by another user has nothing to switch, since its jobs already run unprivileged.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkReachable, handOver, hostUserArgs } from './host-user';

afterEach(() => vi.restoreAllMocks());

describe('sandbox host user', () => {
  it('switches from root to uid and gid 65534 with no supplementary groups', () => {
    vi.spyOn(process, 'getuid').mockReturnValue(0);
    expect(hostUserArgs()).toEqual(['--reuid', '65534', '--regid', '65534', '--clear-groups']);
  });

  it('keeps an unprivileged Nimbus user as it is, without chown or reachability checks', async () => {
    vi.spyOn(process, 'getuid').mockReturnValue(1000);
    const closed = mkdtempSync(path.join(tmpdir(), 'nimbus-host-user-'));
    mkdirSync(path.join(closed, 'job'));
    expect(hostUserArgs()).toEqual([]);
    // mkdtemp's 0700 folder would be refused under root (the sandbox test covers that).
    await expect(checkReachable([path.join(closed, 'job')])).resolves.toBeUndefined();
    await expect(handOver(['/nonexistent-folder'])).resolves.toBeUndefined();
    rmSync(closed, { recursive: true, force: true });
  });
});
