// The sandbox's self-test on this machine, with a test command that fails on purpose: it counts its
// runs in a folder it may write and passes from a given run on, or once a file appears. A failure that
// passes on a later run is not a refusal, and a refusal is tested again by a later build.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxCheck, sandboxRefusal } from './check';
import { describeMissing, missingCommands, sandboxNotice } from './requirements.mjs';

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'nimbus-sandbox-check-'));
  // The self-test's host uid must pass through to its folders; mkdtemp makes folders 0700.
  chmodSync(root, 0o711);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const settings = { mode: 'on', network: 'none' } as const;

/** A folder for one test's runs, and a command that counts them and passes when `passes` (shell) does. */
function counting(name: string, passes: string) {
  const dir = path.join(root, name);
  mkdirSync(dir);
  const runs = path.join(dir, 'runs');
  const script = `n=$(( $(cat ${runs} 2>/dev/null || echo 0) + 1 )); echo $n > ${runs}; ${passes} || { echo "bwrap: loopback: Failed RTM_NEWADDR (run $n)" >&2; exit 1; }`;
  return {
    dir,
    probe: { argv: ['/bin/sh', '-c', script], writable: [dir] },
    runs: () => (existsSync(runs) ? Number(readFileSync(runs, 'utf8')) : 0),
  };
}

describe('the sandbox self-test', () => {
  it('tries a failed run again and passes when a later run does', async () => {
    const job = counting('retry', 'test "$n" -ge 3');
    const check = createSandboxCheck({ probe: job.probe, attempts: 3, backoffMs: 10 });
    expect(await check.check(settings)).toEqual({ isolated: true });
    expect(job.runs()).toBe(3);
    expect(check.status()).toEqual({ isolated: true });
  });

  it('refuses builds after its last attempt, saying what the run printed', async () => {
    const job = counting('gives-up', 'false');
    const check = createSandboxCheck({ probe: job.probe, attempts: 2, backoffMs: 10 });
    const status = await check.check(settings);
    expect(status).toMatchObject({ isolated: false, refused: true });
    expect(status.isolated || status.reason).toContain('Failed RTM_NEWADDR (run 2)');
    expect(job.runs()).toBe(2);
  });

  it('tests a refusal again once it is old, in one run for every build asking, and keeps a pass', async () => {
    const job = counting('recheck', `test -e ${path.join(root, 'recheck', 'fixed')}`);
    const check = createSandboxCheck({ probe: job.probe, attempts: 1, recheckMs: 1000 });
    expect(await check.check(settings)).toMatchObject({ isolated: false, refused: true });
    // The machine is fixed, but within the interval a build gets the refusal without a new run.
    writeFileSync(path.join(job.dir, 'fixed'), '');
    expect(await check.check(settings)).toMatchObject({ isolated: false, refused: true });
    expect(job.runs()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const builds = await Promise.all([check.check(settings), check.check(settings), check.check(settings)]);
    expect(builds).toEqual([{ isolated: true }, { isolated: true }, { isolated: true }]);
    expect(job.runs()).toBe(2);
    expect(check.status()).toEqual({ isolated: true });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await check.check(settings)).toEqual({ isolated: true });
    expect(job.runs()).toBe(2);
  });

  it('runs nothing when the operator turned the sandbox off', async () => {
    const job = counting('off', 'true');
    const check = createSandboxCheck({ probe: job.probe });
    expect(await check.check({ mode: 'off', network: 'public' })).toEqual({
      isolated: false,
      refused: false,
      reason: 'NIMBUS_BUILD_SANDBOX=off',
    });
    expect(job.runs()).toBe(0);
  });
});

describe('what the sandbox needs installed', () => {
  let bare: string;
  beforeAll(() => {
    // A PATH with node and nothing else.
    bare = path.join(root, 'bare-path');
    mkdirSync(bare);
    symlinkSync(process.execPath, path.join(bare, 'node'));
  });

  it('names each missing command and the Debian packages that install them', () => {
    expect(missingCommands('public', bare).map((c) => c.command)).toEqual([
      'bwrap',
      'setpriv',
      'slirp4netns',
      'nsenter',
      'ip',
    ]);
    const { reason, fix } = describeMissing(missingCommands('none', bare));
    expect(reason).toBe('bwrap and setpriv are not installed');
    expect(fix).toBe(
      'Install bubblewrap and util-linux (Debian: apt-get install bubblewrap util-linux), or set NIMBUS_BUILD_SANDBOX=off to run builds without isolation.',
    );
    expect(missingCommands('public', '/usr/sbin:/usr/bin:/sbin:/bin')).toEqual([]);
  });

  it('tells npm start what to install, and builds are refused with the same words', () => {
    const lines = sandboxNotice({ PATH: bare });
    expect(lines[0]).toBe(
      '[sandbox] Builds are disabled because this server cannot isolate them (bwrap, setpriv, slirp4netns, nsenter and ip are not installed). Install bubblewrap, util-linux, slirp4netns and iproute2 (Debian: apt-get install bubblewrap util-linux slirp4netns iproute2), or set NIMBUS_BUILD_SANDBOX=off to run builds without isolation.',
    );
    expect(lines[1]).toContain('Nimbus starts anyway');
    expect(sandboxNotice({ PATH: bare, NIMBUS_BUILD_NETWORK: 'none' })[0]).toContain(
      'apt-get install bubblewrap util-linux)',
    );
    expect(sandboxNotice({ PATH: bare, NIMBUS_BUILD_SANDBOX: 'off' })).toEqual([
      '[sandbox] NIMBUS_BUILD_SANDBOX=off: builds run WITHOUT isolation, as plain processes of this server.',
    ]);
    // A process that runs no builds has nothing to say about them.
    expect(sandboxNotice({ PATH: bare, NIMBUS_ROLE: 'web,api' })).toEqual([]);
    expect(sandboxNotice({ PATH: bare }, ['--role', 'edge'])).toEqual([]);
    expect(sandboxNotice({ PATH: bare, NIMBUS_ROLE: 'web' }, ['--role=worker'])).toHaveLength(2);
    expect(sandboxNotice({ PATH: '/usr/sbin:/usr/bin:/sbin:/bin' })).toEqual([]);
  });

  it('refuses builds with the words npm start printed, without running anything', async () => {
    const job = counting('missing', 'true');
    const check = createSandboxCheck({ probe: job.probe, searchPath: bare });
    const status = await check.check({ mode: 'on', network: 'public' });
    expect(status).toMatchObject({ isolated: false, refused: true });
    expect(`[sandbox] ${sandboxRefusal(status.isolated ? '' : status.reason)}`).toBe(sandboxNotice({ PATH: bare })[0]);
    expect(job.runs()).toBe(0);
  });
});
