// Attacks a build could try, each run through the sandbox: every one must fail, and a job that runs
// into a limit must be stopped with that limit named.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkSandbox,
  type NetworkMode,
  runSandboxed,
  SANDBOX_UID_BASE_DEFAULT,
  type SandboxLimits,
  teamHostUid,
} from './index';
import { hostCommandLines } from './testing';

/** The host uids of two teams' jobs. */
const TEAM_A = teamHostUid(SANDBOX_UID_BASE_DEFAULT, 1);
const TEAM_B = teamHostUid(SANDBOX_UID_BASE_DEFAULT, 2);

let root: string;
let job: string;
let server: Server;
let port: number;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'nimbus-sandbox-test-'));
  // Each team's host uid must pass through to its folder; mkdtemp makes folders 0700.
  chmodSync(root, 0o711);
  job = path.join(root, 'job');
  mkdirSync(path.join(root, 'data'));
  mkdirSync(job);
  writeFileSync(path.join(root, 'data', 'secret'), 'the data directory secret');
  server = createServer((s) => s.end('nimbus')).listen(0, '0.0.0.0');
  await new Promise((r) => server.once('listening', r));
  port = (server.address() as { port: number }).port;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

interface RunOptions {
  network?: NetworkMode;
  limits?: SandboxLimits;
  signal?: AbortSignal;
  env?: Record<string, string>;
  /** The team's host uid the job runs as: team A's unless named. */
  hostUid?: number;
  /** Its folder, writable at the same path: `job` unless named. */
  cwd?: string;
  readOnly?: Record<string, string>;
}

async function run(script: string, opts: RunOptions = {}) {
  let out = '';
  const sink = new Writable({
    write(chunk, _e, done) {
      out += chunk;
      done();
    },
  });
  const result = await runSandboxed({
    argv: ['python3', '-c', script],
    cwd: opts.cwd ?? job,
    env: { PATH: '/usr/bin:/bin', ...opts.env },
    hostUid: opts.hostUid ?? TEAM_A,
    writable: [opts.cwd ?? job],
    readOnly: opts.readOnly,
    network: opts.network ?? 'public',
    limits: opts.limits,
    signal: opts.signal,
    stdout: sink,
    stderr: sink,
  });
  return { ...result, out };
}

const connect = (host: string, p: number | string) =>
  `import socket\ntry:\n  socket.create_connection((${JSON.stringify(host)}, ${p}), 3); print("${host}:${p} open")\nexcept Exception as e: print("${host}:${p} refused", e)`;

describe('sandbox', () => {
  it('passes its own self-test on this machine', async () => {
    expect(await checkSandbox({ mode: 'on', network: 'public' })).toEqual({ isolated: true });
  });

  it('runs the job as an unprivileged user with no capabilities', async () => {
    const r = await run(
      'import os; print(os.getuid(), open("/proc/self/status").read().split("CapEff:")[1].split()[0])',
    );
    expect(r.out.trim()).toBe('1000 0000000000000000');
    expect(r.exitCode).toBe(0);
  });

  it("runs two teams' jobs as their own host uids, not root: their processes and the files they write", async () => {
    const folders = [TEAM_A, TEAM_B].map((uid) => {
      const folder = path.join(root, `team-${uid}`);
      mkdirSync(folder);
      return folder;
    });
    const marker = `nimbus-host-uid-${Date.now()}`;
    const controller = new AbortController();
    const running = [TEAM_A, TEAM_B].map((hostUid, i) =>
      run(`import time  # ${marker}-${hostUid}\nopen("owned", "w").write("x")\ntime.sleep(30)`, {
        hostUid,
        cwd: folders[i],
        signal: controller.signal,
      }),
    );
    const seen = new Map<number, string>();
    for (let i = 0; i < 100 && seen.size < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const ps = execFileSync('ps', ['-eo', 'uid=,args=']).toString().split('\n');
      for (const uid of [TEAM_A, TEAM_B]) {
        const line = ps.find((l) => l.includes(`${marker}-${uid}`) && l.includes('python3') && !l.includes('bwrap'));
        if (line) seen.set(uid, line.trim().split(/\s+/)[0]!);
      }
    }
    controller.abort();
    await Promise.all(running);
    expect(Object.fromEntries(seen)).toEqual({ [TEAM_A]: String(TEAM_A), [TEAM_B]: String(TEAM_B) });
    expect(statSync(path.join(folders[0]!, 'owned')).uid).toBe(TEAM_A);
    expect(statSync(path.join(folders[1]!, 'owned')).uid).toBe(TEAM_B);
  });

  it("cannot read a file another team's job wrote 0600, in a folder open to it", async () => {
    const theirs = path.join(root, 'team-b-shared');
    mkdirSync(theirs);
    const wrote = await run(
      'import os\nos.umask(0)\nfor name, mode in [("secret", 0o600), ("public", 0o644)]:\n  os.close(os.open(name, os.O_WRONLY | os.O_CREAT, mode)); open(name, "w").write(name)',
      { hostUid: TEAM_B, cwd: theirs },
    );
    expect(wrote.exitCode).toBe(0);
    chmodSync(theirs, 0o755);
    const read = await run(
      'for name in ["public", "secret"]:\n  try: print(name, open("/shared/" + name).read())\n  except OSError as e: print(name, "refused", e.errno)',
      { hostUid: TEAM_A, readOnly: { [theirs]: '/shared' } },
    );
    expect(read.out).toContain('public public');
    // 13: EACCES. The same file is readable by its own team.
    expect(read.out).toContain('secret refused 13');
    expect(readFileSync(path.join(theirs, 'secret'), 'utf8')).toBe('secret');
    expect(statSync(path.join(theirs, 'secret')).uid).toBe(TEAM_B);
  });

  it("keeps the job's variables out of every host process's command line, and gives them to the job", async () => {
    const secret = `nimbus-build-secret-${Date.now()}`;
    const controller = new AbortController();
    const running = run('import os, sys, time\nprint(os.environ["SECRET"], flush=True)\ntime.sleep(30)', {
      env: { SECRET: secret },
      signal: controller.signal,
    });
    await new Promise((r) => setTimeout(r, 1500));
    const cmdlines = hostCommandLines();
    controller.abort();
    const r = await running;
    expect(r.out).toContain(secret);
    expect(cmdlines.some((c) => c.includes('bwrap'))).toBe(true);
    expect(cmdlines.filter((c) => c.includes(secret))).toEqual([]);
  });

  it('refuses a folder its host user cannot reach, naming the closed folder', async () => {
    const closed = mkdtempSync(path.join(tmpdir(), 'nimbus-sandbox-closed-'));
    mkdirSync(path.join(closed, 'job'));
    const started = runSandboxed({
      argv: ['true'],
      cwd: path.join(closed, 'job'),
      env: {},
      hostUid: TEAM_A,
      writable: [path.join(closed, 'job')],
      network: 'none',
    });
    await expect(started).rejects.toThrow(`${closed} is closed to it`);
    rmSync(closed, { recursive: true, force: true });
  });

  it('cannot open files by handle, make devices, or see anything outside its folder', async () => {
    const r = await run(`import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
class Handle(ctypes.Structure): _fields_ = [("size", ctypes.c_uint), ("type", ctypes.c_int), ("data", ctypes.c_ubyte * 128)]
h = Handle(8, 1)
h.data[0] = 2  # inode 2: the root of the file system holding the bind-mounted folder
fd = os.open(".", os.O_RDONLY)
print("open_by_handle_at", libc.open_by_handle_at(fd, ctypes.byref(h), 0), ctypes.get_errno())
try: os.mknod("disk", 0o60600, os.makedev(8, 0)); print("mknod worked")
except OSError as e: print("mknod", e.errno)
for p in [${JSON.stringify(path.join(root, 'data', 'secret'))}, "/root", "/proc/1/root/etc/shadow", "/etc/shadow"]:
  print(p, os.path.exists(p))`);
    expect(r.out).toContain('open_by_handle_at -1 1');
    expect(r.out).toMatch(/mknod (1|13)\b/);
    expect(r.out).not.toMatch(/True/);
  });

  it('reaches neither the host nor private networks in public mode', async () => {
    const eth = Object.values(networkInterfaces())
      .flat()
      .find((a) => a?.family === 'IPv4' && !a.internal)?.address;
    const targets: [string, number][] = [
      ['127.0.0.1', port],
      ['127.0.0.1', 5432],
      ['10.0.2.2', port],
      ['10.0.2.2', 5432],
      ['169.254.169.254', 80],
      ...(eth ? ([[eth, port]] as [string, number][]) : []),
    ];
    const r = await run(targets.map(([h, p]) => connect(h, p)).join('\n'));
    for (const [h, p] of targets) expect(r.out).toContain(`${h}:${p} refused`);
  });

  it('reaches the package registry in public mode and nothing in none mode', async () => {
    const hostCan = await new Promise<boolean>((resolve) => {
      const s = require('node:net').connect(443, 'registry.npmjs.org');
      s.setTimeout(5000, () => resolve(false));
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (hostCan) expect((await run(connect('registry.npmjs.org', 443))).out).toContain('open');
    expect((await run(connect('registry.npmjs.org', 443), { network: 'none' })).out).toContain('refused');
  });

  it('stops a job that starts more processes than allowed', async () => {
    const r = await run('import subprocess\nps = [subprocess.Popen(["sleep", "30"]) for _ in range(1000)]', {
      limits: { processes: 100 },
    });
    expect(r.limit).toBe('processes');
    expect(r.exitCode).not.toBe(0);
  });

  it('stops a job that allocates past its memory limit', async () => {
    const r = await run('x = bytearray(256 * 1024 * 1024)\nprint("allocated")', { limits: { memory: 64 * 1024 ** 2 } });
    expect(r.limit).toBe('memory');
    expect(r.out).not.toContain('allocated');
  });

  it('stops a job that fills its folder past the disk limit', { timeout: 20_000 }, async () => {
    const r = await run('import time\nopen("big", "wb").write(b"x" * 20 * 1024 * 1024)\ntime.sleep(30)', {
      limits: { disk: { bytes: 5 * 1024 ** 2, folders: [job] } },
    });
    expect(r.limit).toBe('disk');
  });

  it('stops a job at its time limit', async () => {
    const started = Date.now();
    const r = await run('import time; time.sleep(30)', { limits: { timeoutMs: 1000 } });
    expect(r.limit).toBe('time');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('kills the whole process tree on abort', async () => {
    const marker = `nimbus-abort-${Date.now()}`;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 1500);
    const r = await run(
      `import subprocess, time\nsubprocess.Popen(["sh", "-c", "sleep 300; echo ${marker}"])\ntime.sleep(300)`,
      {
        signal: controller.signal,
      },
    );
    expect(r.aborted).toBe(true);
    // The kernel tears the pid namespace down once its first process dies; on a busy machine that
    // takes a moment, so the test waits for the tree to be gone (and fails if it outlives 10 s).
    const running = () => execFileSync('ps', ['-eo', 'args']).toString().includes(marker);
    for (const until = Date.now() + 10_000; running() && Date.now() < until; )
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(running()).toBe(false);
  });
});
